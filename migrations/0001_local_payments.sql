CREATE TABLE `local_payment_intents` (
	`id` text PRIMARY KEY NOT NULL,
	`client_secret` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`last_error` text,
	`idempotency_key` text NOT NULL,
	`metadata` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `local_payment_intents_idempotency_unique` ON `local_payment_intents` (`idempotency_key`);