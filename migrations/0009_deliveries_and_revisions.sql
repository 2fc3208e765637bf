CREATE TABLE `delivery_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`delivery_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`r2_key` text NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`kind` text NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`delivery_id`) REFERENCES `order_deliveries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `delivery_files_key_unique` ON `delivery_files` (`r2_key`);--> statement-breakpoint
CREATE INDEX `delivery_files_delivery_idx` ON `delivery_files` (`delivery_id`,`position`);--> statement-breakpoint
CREATE TABLE `order_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`version` integer NOT NULL,
	`note` text,
	`admin_id` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_deliveries_order_version_unique` ON `order_deliveries` (`order_id`,`version`);--> statement-breakpoint
CREATE TABLE `review_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`revision_id` integer NOT NULL,
	`at_seconds` integer NOT NULL,
	`text` text NOT NULL,
	FOREIGN KEY (`revision_id`) REFERENCES `revision_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `review_comments_revision_idx` ON `review_comments` (`revision_id`,`at_seconds`);--> statement-breakpoint
CREATE TABLE `revision_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`delivery_id` integer,
	`version` integer NOT NULL,
	`note` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`delivery_id`) REFERENCES `order_deliveries`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `revision_requests_order_version_unique` ON `revision_requests` (`order_id`,`version`);