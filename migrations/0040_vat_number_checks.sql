CREATE TABLE `vat_number_checks` (
	`number` text PRIMARY KEY NOT NULL,
	`service` text NOT NULL,
	`result` text NOT NULL,
	`checked_at` integer NOT NULL,
	`name` text,
	`address` text,
	`reference` text
);
--> statement-breakpoint
ALTER TABLE `order_refunds` ADD `kind` text DEFAULT 'refund' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `vat_check` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `vat_claim` text;--> statement-breakpoint
CREATE INDEX `orders_vat_claim_idx` ON `orders` (`created_at`) WHERE vat_claim = 'unverified';