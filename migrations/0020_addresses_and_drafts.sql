ALTER TABLE `billing_addresses` ADD `street_2` text;--> statement-breakpoint
ALTER TABLE `products` ADD `published_at` integer;--> statement-breakpoint
-- Products already in the shop were on sale from the day they were made; only new ones start as drafts.
UPDATE `products` SET `published_at` = `created_at` WHERE `published_at` IS NULL;
