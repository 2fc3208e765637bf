ALTER TABLE `payout_accounts` ADD `links_in_window` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payout_accounts` ADD `links_window_at` integer;