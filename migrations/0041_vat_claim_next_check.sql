ALTER TABLE `orders` ADD `vat_next_check_at` integer;--> statement-breakpoint
CREATE INDEX `orders_vat_next_check_idx` ON `orders` (`vat_next_check_at`) WHERE vat_claim = 'unverified';