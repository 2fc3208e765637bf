CREATE TABLE `ledger_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`creator_id` integer NOT NULL,
	`order_id` integer,
	`kind` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`available_at` integer,
	`idempotency_key` text NOT NULL,
	`external_id` text,
	`reason` text,
	`admin_id` integer,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`creator_id`) REFERENCES `creators`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_entries_key_unique` ON `ledger_entries` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `ledger_entries_creator_idx` ON `ledger_entries` (`creator_id`,`id`);--> statement-breakpoint
CREATE INDEX `ledger_entries_order_idx` ON `ledger_entries` (`order_id`,`id`);--> statement-breakpoint
CREATE INDEX `ledger_entries_available_idx` ON `ledger_entries` (`available_at`) WHERE kind = 'earning';--> statement-breakpoint
CREATE TABLE `payout_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`default_share_bp` integer DEFAULT 7000 NOT NULL,
	`clearance_days` integer DEFAULT 7 NOT NULL,
	`updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `creators` ADD `share_bp` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `creator_share_bp` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `creator_share_bp` integer;--> statement-breakpoint
-- Orders already given to a creator keep the shop's share as it is today (no creator or product sets one yet).
UPDATE `orders` SET `creator_share_bp` = 7000 WHERE `creator_id` IS NOT NULL;--> statement-breakpoint
-- An order's earning, written once as the move that completes it lands (whichever move: the buyer's
-- approval, the auto-completion, an admin's): its creator's share (fixed on the order when it was
-- assigned) of the net price still kept (after discount and refunds, before tax), rounded half up,
-- held for the clearance period. The key makes it once, however often the order is written.
CREATE TRIGGER `orders_completed_earning` AFTER UPDATE OF `work_status` ON `orders`
WHEN new.`work_status` = 'completed' AND old.`work_status` IS NOT 'completed' AND new.`creator_id` IS NOT NULL AND new.`creator_share_bp` IS NOT NULL BEGIN
  INSERT INTO `ledger_entries` (`creator_id`, `order_id`, `kind`, `amount_minor`, `currency`, `available_at`, `idempotency_key`)
  SELECT new.`creator_id`, new.`id`, 'earning',
    (max(0, new.`subtotal_minor` - new.`discount_minor` - (new.`refunded_minor` - new.`refunded_tax_minor`)) * new.`creator_share_bp` + 5000) / 10000,
    new.`currency`,
    CAST(unixepoch('subsec') * 1000 AS INTEGER) + coalesce((SELECT `clearance_days` FROM `payout_settings` WHERE `id` = 1), 7) * 86400000,
    'earning-' || new.`id`
  WHERE true
  ON CONFLICT (`idempotency_key`) DO NOTHING;
END;
