CREATE TABLE `creators` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`tokens_valid_after` integer DEFAULT 0 NOT NULL,
	`failed_password_attempts` integer DEFAULT 0 NOT NULL,
	`password_locked_until` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'invited' NOT NULL,
	`slug` text,
	`headline` text DEFAULT '' NOT NULL,
	`bio` text DEFAULT '' NOT NULL,
	`country` text,
	`languages` text DEFAULT '[]' NOT NULL,
	`skills` text DEFAULT '[]' NOT NULL,
	`capacity` integer DEFAULT 3 NOT NULL,
	`away_until` integer,
	`suspended_reason` text,
	`suspended_at` integer,
	`invited_by` integer,
	`activated_at` integer,
	`erased_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `creators_email_unique` ON `creators` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `creators_slug_unique` ON `creators` (`slug`);--> statement-breakpoint
CREATE INDEX `creators_status_idx` ON `creators` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `product_creators` (
	`product_id` integer NOT NULL,
	`creator_id` integer NOT NULL,
	`lead` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`product_id`, `creator_id`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`creator_id`) REFERENCES `creators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `product_creators_creator_idx` ON `product_creators` (`creator_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `creator_id` integer REFERENCES creators(id);--> statement-breakpoint
ALTER TABLE `orders` ADD `assigned_at` integer;--> statement-breakpoint
CREATE INDEX `orders_creator_queue_idx` ON `orders` (`creator_id`,`work_status`,(due_at IS NULL),`due_at`,created_at DESC,id DESC);--> statement-breakpoint
CREATE INDEX `email_links_purpose_created_idx` ON `email_links` (`purpose`,`created_at`);--> statement-breakpoint
-- Each creator's orders by work status, kept (`creator_work`, key `{creator_id}:{work_status}`) by
-- the statement that assigns, reassigns or moves an order: the workspace's counts read one row each.
CREATE TRIGGER `kept_orders_creator_insert` AFTER INSERT ON `orders` WHEN new.`creator_id` IS NOT NULL BEGIN
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) VALUES ('creator_work', new.`creator_id` || ':' || new.`work_status`, 1, 0) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;--> statement-breakpoint
CREATE TRIGGER `kept_orders_creator_move` AFTER UPDATE OF `creator_id`, `work_status` ON `orders` WHEN old.`creator_id` IS NOT new.`creator_id` OR (new.`creator_id` IS NOT NULL AND old.`work_status` IS NOT new.`work_status`) BEGIN
  UPDATE `kept_counts` SET `n` = `n` - 1 WHERE old.`creator_id` IS NOT NULL AND `scope` = 'creator_work' AND `key` = old.`creator_id` || ':' || old.`work_status`;
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT 'creator_work', new.`creator_id` || ':' || new.`work_status`, 1, 0 WHERE new.`creator_id` IS NOT NULL ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;--> statement-breakpoint
CREATE TRIGGER `kept_orders_creator_delete` AFTER DELETE ON `orders` WHEN old.`creator_id` IS NOT NULL BEGIN
  UPDATE `kept_counts` SET `n` = `n` - 1 WHERE `scope` = 'creator_work' AND `key` = old.`creator_id` || ':' || old.`work_status`;
END;
