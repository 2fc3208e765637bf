CREATE TABLE `__new_order_refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`status` text NOT NULL,
	`provider_refund_id` text,
	`amount_minor` integer NOT NULL,
	`tax_minor` integer DEFAULT 0 NOT NULL,
	`currency` text NOT NULL,
	`reason` text NOT NULL,
	`source` text NOT NULL,
	`admin_id` integer,
	`idempotency_key` text NOT NULL,
	`claimed_at` integer NOT NULL,
	`refunded_at` integer,
	`credit_note_number` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Refunds made before partial refunds: each was a whole order's, keyed by its order, its tax part the order's tax.
INSERT INTO `__new_order_refunds` ("order_id", "status", "provider_refund_id", "amount_minor", "tax_minor", "currency", "reason", "source", "admin_id", "idempotency_key", "claimed_at", "refunded_at")
	SELECT r.order_id, r.status, r.provider_refund_id, r.amount_minor,
		CASE WHEN r.status = 'succeeded' THEN (SELECT o.tax_minor FROM `orders` o WHERE o.id = r.order_id) ELSE 0 END,
		r.currency, r.reason, r.source, r.admin_id, 'order-' || r.order_id, r.claimed_at, r.refunded_at
	FROM `order_refunds` r;--> statement-breakpoint
DROP TABLE `order_refunds`;--> statement-breakpoint
ALTER TABLE `__new_order_refunds` RENAME TO `order_refunds`;--> statement-breakpoint
CREATE UNIQUE INDEX `order_refunds_key_unique` ON `order_refunds` (`order_id`,`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `order_refunds_one_pending` ON `order_refunds` (`order_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX `order_refunds_credit_note_unique` ON `order_refunds` (`credit_note_number`);--> statement-breakpoint
CREATE INDEX `order_refunds_status_idx` ON `order_refunds` (`status`,`currency`);--> statement-breakpoint
ALTER TABLE `orders` ADD `refunded_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `refunded_tax_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `orders` SET
	`refunded_minor` = (SELECT coalesce(sum(r.amount_minor), 0) FROM `order_refunds` r WHERE r.order_id = `orders`.id AND r.status = 'succeeded'),
	`refunded_tax_minor` = (SELECT coalesce(sum(r.tax_minor), 0) FROM `order_refunds` r WHERE r.order_id = `orders`.id AND r.status = 'succeeded');--> statement-breakpoint
-- Refunds already made get credit notes in the order they were made, one gapless sequence per year.
WITH numbered AS (
	SELECT id, CAST(strftime('%Y', coalesce(refunded_at, claimed_at) / 1000, 'unixepoch') AS INTEGER) AS year,
		ROW_NUMBER() OVER (PARTITION BY strftime('%Y', coalesce(refunded_at, claimed_at) / 1000, 'unixepoch') ORDER BY coalesce(refunded_at, claimed_at), id) AS n
	FROM `order_refunds` WHERE status = 'succeeded'
)
UPDATE `order_refunds` SET `credit_note_number` = (SELECT printf('CN-%d-%06d', year, n) FROM numbered WHERE numbered.id = `order_refunds`.id)
WHERE id IN (SELECT id FROM numbered);--> statement-breakpoint
INSERT INTO `document_counters` (`series`, `year`, `last`)
	SELECT 'CN', CAST(substr(`credit_note_number`, 4, 4) AS INTEGER) AS year, max(CAST(substr(`credit_note_number`, 9) AS INTEGER))
	FROM `order_refunds` WHERE `credit_note_number` IS NOT NULL GROUP BY year;
