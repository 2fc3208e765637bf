CREATE TABLE `creator_offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`creator_id` integer NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`expires_at` integer NOT NULL,
	`answered_at` integer,
	`reason` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`creator_id`) REFERENCES `creators`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `creator_offers_order_creator_unique` ON `creator_offers` (`order_id`,`creator_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `creator_offers_one_waiting` ON `creator_offers` (`order_id`) WHERE status = 'waiting';--> statement-breakpoint
CREATE INDEX `creator_offers_creator_idx` ON `creator_offers` (`creator_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `creator_offers_waiting_idx` ON `creator_offers` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `offer_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`window_hours` integer DEFAULT 24 NOT NULL,
	`automatic` integer DEFAULT true NOT NULL,
	`updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `creators` ADD `last_assigned_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `offers_exhausted_at` integer;--> statement-breakpoint
-- The rotation starts from who was given work last: each creator's newest assignment so far.
UPDATE `creators` SET `last_assigned_at` = (SELECT max(`assigned_at`) FROM `orders` WHERE `orders`.`creator_id` = `creators`.`id`);
