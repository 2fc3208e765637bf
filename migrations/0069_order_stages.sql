CREATE TABLE `stage_decisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`stage` integer NOT NULL,
	`version` integer NOT NULL,
	`decision` text NOT NULL,
	`actor_kind` text NOT NULL,
	`actor_id` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stage_decisions_order_version_unique` ON `stage_decisions` (`order_id`,`version`);--> statement-breakpoint
CREATE INDEX `stage_decisions_order_stage_idx` ON `stage_decisions` (`order_id`,`stage`);--> statement-breakpoint
ALTER TABLE `order_deliveries` ADD `stage` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `stages` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `stage` integer DEFAULT 0 NOT NULL;