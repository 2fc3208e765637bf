CREATE TABLE `order_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`version` integer NOT NULL,
	`actor_kind` text NOT NULL,
	`actor_id` integer,
	`from_status` text NOT NULL,
	`to_status` text NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_events_order_version_unique` ON `order_events` (`order_id`,`version`);--> statement-breakpoint
ALTER TABLE `orders` ADD `work_status` text DEFAULT 'awaiting_payment' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `work_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `due_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `revisions_allowed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `revisions_used` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_work_status_idx` ON `orders` (`work_status`,`due_at`);--> statement-breakpoint
UPDATE `orders` SET `work_status` = 'awaiting_brief', `work_version` = 1, `revisions_allowed` = 3 WHERE `payment_status` IN ('succeeded', 'completed');--> statement-breakpoint
INSERT INTO `order_events` (`order_id`, `version`, `actor_kind`, `from_status`, `to_status`, `note`, `created_at`)
	SELECT `id`, 1, 'system', 'awaiting_payment', 'awaiting_brief', 'Paid before work statuses existed', `updated_at` FROM `orders` WHERE `work_version` = 1;
