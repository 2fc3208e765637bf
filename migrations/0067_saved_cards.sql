CREATE TABLE `local_payment_methods` (
	`id` text PRIMARY KEY NOT NULL,
	`customer_ref` text,
	`brand` text NOT NULL,
	`last4` text NOT NULL,
	`exp_month` integer NOT NULL,
	`exp_year` integer NOT NULL,
	`outcome` text NOT NULL,
	`detached_at` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payment_customers` (
	`user_id` integer NOT NULL,
	`gateway` text NOT NULL,
	`customer_ref` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	PRIMARY KEY(`user_id`, `gateway`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `saved_cards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`gateway` text NOT NULL,
	`customer_ref` text NOT NULL,
	`payment_method_ref` text NOT NULL,
	`brand` text NOT NULL,
	`last4` text NOT NULL,
	`exp_month` integer NOT NULL,
	`exp_year` integer NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_cards_order_unique` ON `saved_cards` (`order_id`);--> statement-breakpoint
CREATE INDEX `saved_cards_user_idx` ON `saved_cards` (`user_id`,`id`);--> statement-breakpoint
ALTER TABLE `local_payment_intents` ADD `customer_ref` text;--> statement-breakpoint
ALTER TABLE `local_payment_intents` ADD `save_card` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `local_payment_intents` ADD `payment_method_ref` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `save_card` integer DEFAULT false NOT NULL;