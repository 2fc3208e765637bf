CREATE TABLE `local_connect_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`country` text NOT NULL,
	`state` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`paid_out` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `local_connect_accounts_key_unique` ON `local_connect_accounts` (`idempotency_key`);--> statement-breakpoint
CREATE TABLE `local_connect_links` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`return_url` text NOT NULL,
	`refresh_url` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE TABLE `local_connect_transfers` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`account_id` text NOT NULL,
	`transfer_id` text,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`transfer_group` text,
	`idempotency_key` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `local_connect_transfers_key_unique` ON `local_connect_transfers` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `local_connect_transfers_account_idx` ON `local_connect_transfers` (`account_id`);--> statement-breakpoint
CREATE TABLE `payout_accounts` (
	`creator_id` integer PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`account_id` text NOT NULL,
	`service_agreement` text NOT NULL,
	`country` text NOT NULL,
	`payouts_enabled` integer DEFAULT false NOT NULL,
	`details_submitted` integer DEFAULT false NOT NULL,
	`requirements_due` text DEFAULT '[]' NOT NULL,
	`disabled_reason` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`creator_id`) REFERENCES `creators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_accounts_account_unique` ON `payout_accounts` (`account_id`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`creator_id` integer NOT NULL,
	`order_id` integer,
	`entry_id` integer NOT NULL,
	`status` text NOT NULL,
	`amount_minor` integer,
	`currency` text NOT NULL,
	`due_at` integer NOT NULL,
	`idempotency_key` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claimed_at` integer,
	`external_id` text,
	`failure` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`creator_id`) REFERENCES `creators`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`entry_id`) REFERENCES `ledger_entries`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_entry_unique` ON `payouts` (`kind`,`entry_id`);--> statement-breakpoint
CREATE INDEX `payouts_creator_idx` ON `payouts` (`creator_id`,`status`);--> statement-breakpoint
CREATE INDEX `payouts_order_idx` ON `payouts` (`order_id`);--> statement-breakpoint
CREATE INDEX `payouts_due_idx` ON `payouts` (`due_at`) WHERE status = 'scheduled';--> statement-breakpoint
CREATE INDEX `payouts_pending_idx` ON `payouts` (`claimed_at`) WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE `creators` ADD `payouts_held_reason` text;--> statement-breakpoint
ALTER TABLE `creators` ADD `payouts_held_at` integer;--> statement-breakpoint
ALTER TABLE `creators` ADD `payouts_held_by` integer;--> statement-breakpoint
-- Each earning is paid by one transfer, scheduled for the end of its clearance.
CREATE TRIGGER `ledger_earning_transfer` AFTER INSERT ON `ledger_entries`
WHEN new.`kind` = 'earning' BEGIN
  INSERT INTO `payouts` (`kind`, `creator_id`, `order_id`, `entry_id`, `status`, `currency`, `due_at`, `updated_at`)
  VALUES ('transfer', new.`creator_id`, new.`order_id`, new.`id`, 'scheduled', new.`currency`, coalesce(new.`available_at`, CAST(unixepoch('subsec') * 1000 AS INTEGER)), CAST(unixepoch('subsec') * 1000 AS INTEGER))
  ON CONFLICT (`kind`, `entry_id`) DO NOTHING;
END;
--> statement-breakpoint
-- Each clawback is settled once: by a transfer reversal where its earning was paid, else set against what is owed.
CREATE TRIGGER `ledger_clawback_reversal` AFTER INSERT ON `ledger_entries`
WHEN new.`kind` = 'clawback' BEGIN
  INSERT INTO `payouts` (`kind`, `creator_id`, `order_id`, `entry_id`, `status`, `currency`, `due_at`, `updated_at`)
  VALUES ('reversal', new.`creator_id`, new.`order_id`, new.`id`, 'scheduled', new.`currency`, CAST(unixepoch('subsec') * 1000 AS INTEGER), CAST(unixepoch('subsec') * 1000 AS INTEGER))
  ON CONFLICT (`kind`, `entry_id`) DO NOTHING;
END;
--> statement-breakpoint
-- A refund recorded after its order earned takes back the creator's share of its net part (never more than is left of the earning), once per refund.
CREATE TRIGGER `order_refunds_clawback` AFTER UPDATE OF `status` ON `order_refunds`
WHEN new.`status` = 'succeeded' AND old.`status` IS NOT 'succeeded' AND new.`amount_minor` > new.`tax_minor` BEGIN
  INSERT INTO `ledger_entries` (`creator_id`, `order_id`, `kind`, `amount_minor`, `currency`, `idempotency_key`)
  SELECT e.`creator_id`, e.`order_id`, 'clawback',
    -min(
      ((new.`amount_minor` - new.`tax_minor`) * o.`creator_share_bp` + 5000) / 10000,
      e.`amount_minor` + coalesce((SELECT sum(c.`amount_minor`) FROM `ledger_entries` c WHERE c.`order_id` = e.`order_id` AND c.`kind` = 'clawback'), 0)
    ),
    e.`currency`, 'clawback-' || new.`id`
  FROM `ledger_entries` e JOIN `orders` o ON o.`id` = e.`order_id`
  WHERE e.`order_id` = new.`order_id` AND e.`kind` = 'earning' AND o.`creator_share_bp` IS NOT NULL
    AND e.`amount_minor` + coalesce((SELECT sum(c.`amount_minor`) FROM `ledger_entries` c WHERE c.`order_id` = e.`order_id` AND c.`kind` = 'clawback'), 0) > 0
  ON CONFLICT (`idempotency_key`) DO NOTHING;
END;
--> statement-breakpoint
INSERT INTO `payouts` (`kind`, `creator_id`, `order_id`, `entry_id`, `status`, `currency`, `due_at`, `updated_at`)
SELECT 'transfer', `creator_id`, `order_id`, `id`, 'scheduled', `currency`, coalesce(`available_at`, `created_at`), CAST(unixepoch('subsec') * 1000 AS INTEGER)
FROM `ledger_entries` WHERE `kind` = 'earning';
