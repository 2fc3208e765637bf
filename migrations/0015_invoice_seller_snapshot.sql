ALTER TABLE `orders` ADD `seller_snapshot` text;--> statement-breakpoint
-- Invoices issued before the copy was kept: the seller as the settings say now.
UPDATE `orders` SET `seller_snapshot` = (
	SELECT json_object('name', s.seller_name, 'address', s.seller_address, 'tax_id', s.seller_tax_id, 'tax_name', s.tax_name) FROM `shop_settings` s WHERE s.id = 1
) WHERE `invoice_number` IS NOT NULL;
