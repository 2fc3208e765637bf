ALTER TABLE `ledger_entries` ADD `sent_amount_minor` integer;--> statement-breakpoint
ALTER TABLE `ledger_entries` ADD `sent_currency` text;--> statement-breakpoint
ALTER TABLE `payout_accounts` ADD `currencies` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `payouts` ADD `sent_amount_minor` integer;--> statement-breakpoint
ALTER TABLE `payouts` ADD `sent_currency` text;