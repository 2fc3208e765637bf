CREATE TABLE `change_offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`comment_id` integer,
	`message_id` integer,
	`stage` integer,
	`description` text NOT NULL,
	`net_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`extra_days` integer NOT NULL,
	`status` text NOT NULL,
	`raised_by_kind` text NOT NULL,
	`raised_by_id` integer NOT NULL,
	`approved_by_id` integer,
	`decline_reason` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`offered_at` integer,
	`expires_at` integer,
	`decided_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`comment_id`) REFERENCES `delivery_comments`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`message_id`) REFERENCES `order_messages`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `change_offers_order_idx` ON `change_offers` (`order_id`);--> statement-breakpoint
CREATE INDEX `change_offers_open_expiry_idx` ON `change_offers` (`status`,`expires_at`);