CREATE TABLE `document_counters` (
	`series` text NOT NULL,
	`year` integer NOT NULL,
	`last` integer NOT NULL,
	PRIMARY KEY(`series`, `year`)
);
--> statement-breakpoint
CREATE TABLE `shop_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`seller_name` text NOT NULL,
	`seller_address` text NOT NULL,
	`seller_tax_id` text,
	`studio_country` text NOT NULL,
	`tax_name` text DEFAULT 'VAT' NOT NULL,
	`updated_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tax_rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`country` text NOT NULL,
	`customer_kind` text NOT NULL,
	`rate_bp` integer NOT NULL,
	`note` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tax_rules_country_kind_unique` ON `tax_rules` (`country`,`customer_kind`);--> statement-breakpoint
ALTER TABLE `billing_addresses` ADD `company_name` text;--> statement-breakpoint
ALTER TABLE `billing_addresses` ADD `tax_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `subtotal_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `tax_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `tax_rate_bp` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `tax_country` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `tax_note` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `billing_snapshot` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `invoice_number` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `invoice_issued_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_invoice_number_unique` ON `orders` (`invoice_number`);--> statement-breakpoint
-- Orders made before tax: their subtotal is what they charged, untaxed.
UPDATE `orders` SET `subtotal_minor` = `amount_minor`;--> statement-breakpoint
-- The buyer as invoiced, for orders made before snapshots (from the address still on file, if any).
UPDATE `orders` SET `billing_snapshot` = (
	SELECT json_object('name', u.name, 'company', NULL, 'lines', json_array(b.street, b.city, b.state, b.zip_code), 'country', b.country, 'tax_id', NULL)
	FROM `billing_addresses` b JOIN `users` u ON u.id = `orders`.`user_id`
	WHERE b.id = `orders`.`billing_address_id`
) WHERE `billing_address_id` IS NOT NULL;--> statement-breakpoint
-- Orders already paid get invoice numbers in payment order, one gapless sequence per year of payment.
WITH paid AS (
	SELECT o.id, COALESCE((SELECT min(e.created_at) FROM `order_events` e WHERE e.order_id = o.id AND e.note = 'Payment received'), o.updated_at) AS paid_at
	FROM `orders` o WHERE o.payment_status IN ('succeeded', 'completed', 'refunded')
), numbered AS (
	SELECT id, paid_at, CAST(strftime('%Y', paid_at / 1000, 'unixepoch') AS INTEGER) AS year,
		ROW_NUMBER() OVER (PARTITION BY strftime('%Y', paid_at / 1000, 'unixepoch') ORDER BY paid_at, id) AS n
	FROM paid
)
UPDATE `orders` SET
	`invoice_number` = (SELECT printf('INV-%d-%06d', year, n) FROM numbered WHERE numbered.id = `orders`.id),
	`invoice_issued_at` = (SELECT paid_at FROM numbered WHERE numbered.id = `orders`.id)
WHERE id IN (SELECT id FROM numbered);--> statement-breakpoint
INSERT INTO `document_counters` (`series`, `year`, `last`)
	SELECT 'INV', CAST(substr(`invoice_number`, 5, 4) AS INTEGER) AS year, max(CAST(substr(`invoice_number`, 10) AS INTEGER))
	FROM `orders` WHERE `invoice_number` IS NOT NULL GROUP BY year;--> statement-breakpoint
-- An example for a UK-registered studio; the operator sets their own at /admin/settings/tax.
INSERT INTO `shop_settings` (`id`, `seller_name`, `seller_address`, `seller_tax_id`, `studio_country`, `tax_name`)
	VALUES (1, 'Reelcraft Studio Ltd', '1 Canal Street, Manchester M1 3HE, United Kingdom', 'GB246813551', 'GB', 'VAT');--> statement-breakpoint
INSERT INTO `tax_rules` (`country`, `customer_kind`, `rate_bp`, `note`) VALUES
	('GB', 'any', 2000, NULL),
	('*', 'business', 0, 'Reverse charge: customer to account for VAT'),
	('*', 'any', 2000, NULL);
