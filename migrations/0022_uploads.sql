CREATE TABLE `master_downloads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`file_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`actor_kind` text NOT NULL,
	`actor_id` integer NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`file_id`) REFERENCES `delivery_files`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `master_downloads_order_idx` ON `master_downloads` (`order_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `upload_parts` (
	`upload_id` text NOT NULL,
	`number` integer NOT NULL,
	`size` integer NOT NULL,
	`etag` text NOT NULL,
	PRIMARY KEY(`upload_id`, `number`),
	FOREIGN KEY (`upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`owner_kind` text NOT NULL,
	`owner_id` integer NOT NULL,
	`order_id` integer,
	`product_id` integer,
	`name` text NOT NULL,
	`size` integer NOT NULL,
	`declared_type` text NOT NULL,
	`content_type` text,
	`kind` text,
	`r2_key` text NOT NULL,
	`r2_upload_id` text NOT NULL,
	`part_size` integer NOT NULL,
	`part_count` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_key_unique` ON `uploads` (`r2_key`);--> statement-breakpoint
CREATE INDEX `uploads_status_updated_idx` ON `uploads` (`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `uploads_order_idx` ON `uploads` (`order_id`,`status`);--> statement-breakpoint
ALTER TABLE `delivery_files` ADD `role` text DEFAULT 'file' NOT NULL;--> statement-breakpoint
ALTER TABLE `order_deliveries` ADD `frame_rate` text DEFAULT '25' NOT NULL;