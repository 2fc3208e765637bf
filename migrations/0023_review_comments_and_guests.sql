CREATE TABLE `delivery_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`delivery_id` integer NOT NULL,
	`parent_id` integer,
	`author_kind` text NOT NULL,
	`author_id` integer NOT NULL,
	`author_name` text NOT NULL,
	`at_frame` integer NOT NULL,
	`end_frame` integer,
	`text` text NOT NULL,
	`drawing` text,
	`resolved_at` integer,
	`revision_id` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`delivery_id`) REFERENCES `order_deliveries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`revision_id`) REFERENCES `revision_requests`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `delivery_comments_delivery_idx` ON `delivery_comments` (`delivery_id`,`at_frame`,`id`);--> statement-breakpoint
CREATE INDEX `delivery_comments_order_idx` ON `delivery_comments` (`order_id`);--> statement-breakpoint
CREATE TABLE `order_guests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`name` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_guests_token_unique` ON `order_guests` (`token_hash`);--> statement-breakpoint
CREATE INDEX `order_guests_order_idx` ON `order_guests` (`order_id`);--> statement-breakpoint
ALTER TABLE `order_deliveries` ADD `review_extension_days` integer DEFAULT 0 NOT NULL;