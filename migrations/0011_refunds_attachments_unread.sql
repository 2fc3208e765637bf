CREATE TABLE `local_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`intent_id` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`reason` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `local_refunds_idempotency_unique` ON `local_refunds` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `local_refunds_intent_idx` ON `local_refunds` (`intent_id`);--> statement-breakpoint
CREATE TABLE `order_attachments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`message_id` integer,
	`r2_key` text NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`message_id`) REFERENCES `order_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_attachments_key_unique` ON `order_attachments` (`r2_key`);--> statement-breakpoint
CREATE INDEX `order_attachments_order_idx` ON `order_attachments` (`order_id`,`message_id`);--> statement-breakpoint
CREATE TABLE `order_refunds` (
	`order_id` integer PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`provider_refund_id` text,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`reason` text NOT NULL,
	`source` text NOT NULL,
	`admin_id` integer,
	`claimed_at` integer NOT NULL,
	`refunded_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `orders` ADD `customer_seen_message_id` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `studio_seen_message_id` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `brief_reminder_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `overdue_at` integer;