CREATE TABLE `package_delivery_days` (
	`package_id` integer NOT NULL,
	`days` integer NOT NULL,
	`orders` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`package_id`, `days`),
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `package_figures` (
	`package_id` integer PRIMARY KEY NOT NULL,
	`completed` integer DEFAULT 0 NOT NULL,
	`on_time` integer DEFAULT 0 NOT NULL,
	`revisions_used` integer DEFAULT 0 NOT NULL,
	`on_time_permille` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `package_figures_below_promise_idx` ON `package_figures` (`on_time_permille`,`package_id`) WHERE completed >= 5;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_days` integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `revisions_included` integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `revision_days` integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `start_work_now` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `starts_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `work_started_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `first_delivered_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `cancellation_requested_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `cancellation_answered_at` integer;--> statement-breakpoint
CREATE INDEX `orders_starts_at_idx` ON `orders` (`starts_at`) WHERE work_status = 'scheduled';--> statement-breakpoint
CREATE INDEX `orders_cancellation_open_idx` ON `orders` (`cancellation_requested_at`) WHERE cancellation_requested_at IS NOT NULL AND cancellation_answered_at IS NULL;--> statement-breakpoint
ALTER TABLE `packages` ADD `delivery_days` integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE `packages` ADD `revisions` integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE `packages` ADD `revision_days` integer DEFAULT 3 NOT NULL;--> statement-breakpoint
-- Each package's promises by its place (Basic, Standard, Premium); orders already bought keep the 7 days and 3 revisions they were sold with.
UPDATE `packages` SET `delivery_days` = 10, `revisions` = 1, `revision_days` = 3 WHERE `position` = 0;--> statement-breakpoint
UPDATE `packages` SET `delivery_days` = 7, `revisions` = 2, `revision_days` = 3 WHERE `position` = 1;--> statement-breakpoint
UPDATE `packages` SET `delivery_days` = 5, `revisions` = 3, `revision_days` = 2 WHERE `position` >= 2;--> statement-breakpoint
-- Orders already in production started when their due date was set (brief + 7 days); their first delivery is their oldest.
UPDATE `orders` SET `work_started_at` = `due_at` - 7 * 86400000 WHERE `due_at` IS NOT NULL;--> statement-breakpoint
UPDATE `orders` SET `first_delivered_at` = (SELECT min(`created_at`) FROM `order_deliveries` WHERE `order_deliveries`.`order_id` = `orders`.`id`);
