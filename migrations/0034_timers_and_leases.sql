-- Timers that re-check what they act on, and one reconciliation at a time: a cancellation request
-- withdrawn by approval; the claim of a whole refund that closes an order (approval refused while it
-- is made); when the newest delivery's review window began (the auto-completion timer's index); the
-- reconciliation's lease and its scratch rows keyed by run.
CREATE TABLE `reconcile_lease` (
	`id` integer PRIMARY KEY NOT NULL,
	`run` text NOT NULL,
	`step` integer DEFAULT 0 NOT NULL,
	`renewed_at` integer NOT NULL
);
--> statement-breakpoint
DROP INDEX `orders_cancellation_open_idx`;--> statement-breakpoint
ALTER TABLE `orders` ADD `cancellation_withdrawn_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `closing_refund_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `review_from_at` integer;--> statement-breakpoint
CREATE INDEX `orders_review_from_idx` ON `orders` (`review_from_at`) WHERE work_status = 'delivered';--> statement-breakpoint
CREATE INDEX `orders_cancellation_open_idx` ON `orders` (`cancellation_requested_at`) WHERE cancellation_requested_at IS NOT NULL AND cancellation_answered_at IS NULL AND cancellation_withdrawn_at IS NULL;--> statement-breakpoint
DROP TABLE `reconcile_checks`;--> statement-breakpoint
CREATE TABLE `reconcile_checks` (
	`run` text NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`snapshot` text,
	`a` integer DEFAULT 0 NOT NULL,
	`b` integer DEFAULT 0 NOT NULL,
	`c` integer DEFAULT 0 NOT NULL,
	`d` integer DEFAULT 0 NOT NULL,
	`e` integer DEFAULT 0 NOT NULL,
	`f` integer DEFAULT 0 NOT NULL,
	`g` integer DEFAULT 0 NOT NULL,
	`h` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`run`, `kind`, `key`)
);
--> statement-breakpoint
-- When the newest delivery's review window began, kept on its order (written by hand: drizzle-kit
-- does not model triggers): set by each delivery, moved by the days a customer adds to its review.
CREATE TRIGGER `orders_review_from_delivered` AFTER INSERT ON `order_deliveries` BEGIN
  UPDATE `orders` SET `review_from_at` = new.`created_at` + new.`review_extension_days` * 86400000 WHERE `id` = new.`order_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_review_from_extended` AFTER UPDATE OF `review_extension_days`, `created_at` ON `order_deliveries`
  WHEN new.`version` = (SELECT max(`version`) FROM `order_deliveries` WHERE `order_id` = new.`order_id`) BEGIN
  UPDATE `orders` SET `review_from_at` = new.`created_at` + new.`review_extension_days` * 86400000 WHERE `id` = new.`order_id`;
END;
--> statement-breakpoint
UPDATE `orders` SET `review_from_at` = (SELECT max(`created_at` + `review_extension_days` * 86400000) FROM `order_deliveries` WHERE `order_id` = `orders`.`id`)
  WHERE EXISTS (SELECT 1 FROM `order_deliveries` WHERE `order_id` = `orders`.`id`);
