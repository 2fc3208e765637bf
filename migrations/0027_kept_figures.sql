CREATE TABLE `kept_counts` (
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	`minor` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`scope`, `key`)
);
--> statement-breakpoint
CREATE TABLE `money_days` (
	`day` text NOT NULL,
	`currency` text NOT NULL,
	`country` text NOT NULL,
	`rate_bp` integer NOT NULL,
	`invoices` integer DEFAULT 0 NOT NULL,
	`sales_minor` integer DEFAULT 0 NOT NULL,
	`discount_minor` integer DEFAULT 0 NOT NULL,
	`tax_minor` integer DEFAULT 0 NOT NULL,
	`credit_notes` integer DEFAULT 0 NOT NULL,
	`refunds_minor` integer DEFAULT 0 NOT NULL,
	`refunds_tax_minor` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `currency`, `country`, `rate_bp`)
);
--> statement-breakpoint
DROP INDEX `product_tags_tag_idx`;--> statement-breakpoint
ALTER TABLE `product_tags` ADD `listed_at` integer;--> statement-breakpoint
CREATE INDEX `product_tags_listing_idx` ON `product_tags` (`tag_id`,`listed_at`,`product_id`);--> statement-breakpoint
DROP INDEX `products_listing_idx`;--> statement-breakpoint
CREATE INDEX `products_on_sale_idx` ON `products` (`created_at`,`id`) WHERE archived_at IS NULL AND published_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX `products_created_idx` ON `products` (`created_at`,`id`);--> statement-breakpoint
DROP INDEX `orders_created_idx`;--> statement-breakpoint
CREATE INDEX `orders_work_status_created_idx` ON `orders` (`work_status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`,`id`,`work_status`);--> statement-breakpoint
DROP INDEX `users_created_at_idx`;--> statement-breakpoint
CREATE INDEX `users_created_at_idx` ON `users` (`created_at`,`id`);--> statement-breakpoint
-- Counts, sums and the reports' days kept by triggers (written by hand: drizzle-kit does not model
-- triggers). They replace order_counts (its triggers first), and are filled from the rows there are.
DROP TRIGGER `order_counts_insert`;
--> statement-breakpoint
DROP TRIGGER `order_counts_move`;
--> statement-breakpoint
DROP TRIGGER `order_counts_owner`;
--> statement-breakpoint
DROP TRIGGER `order_counts_delete`;
--> statement-breakpoint
DROP TABLE `order_counts`;
--> statement-breakpoint
INSERT INTO `kept_counts` (`scope`, `key`, `n`) SELECT 'orders', '', count(*) FROM `orders`;
--> statement-breakpoint
INSERT INTO `kept_counts` (`scope`, `key`, `n`) SELECT 'work_status', `work_status`, count(*) FROM `orders` GROUP BY `work_status`;
--> statement-breakpoint
INSERT INTO `kept_counts` (`scope`, `key`, `n`) SELECT 'payment_status', `payment_status`, count(*) FROM `orders` GROUP BY `payment_status`;
--> statement-breakpoint
INSERT INTO `kept_counts` (`scope`, `key`, `n`) SELECT 'user', CAST(`user_id` AS TEXT), count(*) FROM `orders` GROUP BY `user_id`;
--> statement-breakpoint
INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT 'paid', `currency`, count(*), sum(`amount_minor`) FROM `orders` WHERE `payment_status` IN ('succeeded', 'completed', 'refunded') GROUP BY `currency`;
--> statement-breakpoint
INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT 'refunds', `currency`, count(*), sum(`amount_minor`) FROM `order_refunds` WHERE `status` = 'succeeded' GROUP BY `currency`;
--> statement-breakpoint
INSERT INTO `kept_counts` (`scope`, `key`, `n`) SELECT 'customers', '', count(*) FROM `users`;
--> statement-breakpoint
INSERT INTO `kept_counts` (`scope`, `key`, `n`) SELECT 'subscribers', '', count(*) FROM `newsletter_subscriptions`;
--> statement-breakpoint
INSERT INTO `kept_counts` (`scope`, `key`, `n`) SELECT 'products', '', count(*) FROM `products`;
--> statement-breakpoint
INSERT INTO `kept_counts` (`scope`, `key`, `n`) SELECT 'on_sale', '', count(*) FROM `products` WHERE `archived_at` IS NULL AND `published_at` IS NOT NULL;
--> statement-breakpoint
UPDATE `product_tags` SET `listed_at` = (SELECT p.`created_at` FROM `products` p WHERE p.`id` = `product_tags`.`product_id` AND p.`archived_at` IS NULL AND p.`published_at` IS NOT NULL);
--> statement-breakpoint
INSERT INTO `kept_counts` (`scope`, `key`, `n`) SELECT 'tag', CAST(`tag_id` AS TEXT), count(*) FROM `product_tags` WHERE `listed_at` IS NOT NULL GROUP BY `tag_id`;
--> statement-breakpoint
INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `invoices`, `sales_minor`, `discount_minor`, `tax_minor`)
SELECT strftime('%Y-%m-%d', `invoice_issued_at` / 1000, 'unixepoch'), `currency`, coalesce(`tax_country`, ''), `tax_rate_bp`, count(*), sum(`subtotal_minor` - `discount_minor`), sum(`discount_minor`), sum(`tax_minor`)
FROM `orders` WHERE `invoice_number` IS NOT NULL GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `invoices`, `sales_minor`, `discount_minor`, `tax_minor`)
SELECT 'M' || strftime('%Y-%m', `invoice_issued_at` / 1000, 'unixepoch'), `currency`, coalesce(`tax_country`, ''), `tax_rate_bp`, count(*), sum(`subtotal_minor` - `discount_minor`), sum(`discount_minor`), sum(`tax_minor`)
FROM `orders` WHERE `invoice_number` IS NOT NULL GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `credit_notes`, `refunds_minor`, `refunds_tax_minor`)
SELECT strftime('%Y-%m-%d', r.`refunded_at` / 1000, 'unixepoch'), r.`currency`, coalesce(o.`tax_country`, ''), o.`tax_rate_bp`, count(*), sum(r.`amount_minor`), sum(r.`tax_minor`)
FROM `order_refunds` r JOIN `orders` o ON o.`id` = r.`order_id` WHERE r.`credit_note_number` IS NOT NULL GROUP BY 1, 2, 3, 4
ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `credit_notes` = excluded.`credit_notes`, `refunds_minor` = excluded.`refunds_minor`, `refunds_tax_minor` = excluded.`refunds_tax_minor`;
--> statement-breakpoint
INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `credit_notes`, `refunds_minor`, `refunds_tax_minor`)
SELECT 'M' || strftime('%Y-%m', r.`refunded_at` / 1000, 'unixepoch'), r.`currency`, coalesce(o.`tax_country`, ''), o.`tax_rate_bp`, count(*), sum(r.`amount_minor`), sum(r.`tax_minor`)
FROM `order_refunds` r JOIN `orders` o ON o.`id` = r.`order_id` WHERE r.`credit_note_number` IS NOT NULL GROUP BY 1, 2, 3, 4
ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `credit_notes` = excluded.`credit_notes`, `refunds_minor` = excluded.`refunds_minor`, `refunds_tax_minor` = excluded.`refunds_tax_minor`;
--> statement-breakpoint
CREATE TRIGGER `kept_orders_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) VALUES ('orders', '', 1, 0) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`, `minor` = `minor` + excluded.`minor`;
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) VALUES ('work_status', new.`work_status`, 1, 0) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`, `minor` = `minor` + excluded.`minor`;
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) VALUES ('payment_status', new.`payment_status`, 1, 0) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`, `minor` = `minor` + excluded.`minor`;
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) VALUES ('user', CAST(new.`user_id` AS TEXT), 1, 0) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`, `minor` = `minor` + excluded.`minor`;
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT 'paid', new.`currency`, 1, new.`amount_minor` WHERE new.`payment_status` IN ('succeeded', 'completed', 'refunded') ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + 1, `minor` = `minor` + excluded.`minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_orders_invoiced_insert` AFTER INSERT ON `orders` WHEN new.`invoice_number` IS NOT NULL BEGIN
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `invoices`, `sales_minor`, `discount_minor`, `tax_minor`) VALUES (strftime('%Y-%m-%d', new.`invoice_issued_at` / 1000, 'unixepoch'), new.`currency`, coalesce(new.`tax_country`, ''), new.`tax_rate_bp`, 1, (new.`subtotal_minor` - new.`discount_minor`), new.`discount_minor`, new.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `invoices` = `invoices` + excluded.`invoices`, `sales_minor` = `sales_minor` + excluded.`sales_minor`, `discount_minor` = `discount_minor` + excluded.`discount_minor`, `tax_minor` = `tax_minor` + excluded.`tax_minor`;
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `invoices`, `sales_minor`, `discount_minor`, `tax_minor`) VALUES ('M' || strftime('%Y-%m', new.`invoice_issued_at` / 1000, 'unixepoch'), new.`currency`, coalesce(new.`tax_country`, ''), new.`tax_rate_bp`, 1, (new.`subtotal_minor` - new.`discount_minor`), new.`discount_minor`, new.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `invoices` = `invoices` + excluded.`invoices`, `sales_minor` = `sales_minor` + excluded.`sales_minor`, `discount_minor` = `discount_minor` + excluded.`discount_minor`, `tax_minor` = `tax_minor` + excluded.`tax_minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_orders_work_move` AFTER UPDATE OF `work_status` ON `orders` WHEN old.`work_status` IS NOT new.`work_status` BEGIN
  UPDATE `kept_counts` SET `n` = `n` - 1, `minor` = `minor` - 0 WHERE `scope` = 'work_status' AND `key` = old.`work_status`;
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) VALUES ('work_status', new.`work_status`, 1, 0) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`, `minor` = `minor` + excluded.`minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_orders_payment_move` AFTER UPDATE OF `payment_status` ON `orders` WHEN old.`payment_status` IS NOT new.`payment_status` BEGIN
  UPDATE `kept_counts` SET `n` = `n` - 1, `minor` = `minor` - 0 WHERE `scope` = 'payment_status' AND `key` = old.`payment_status`;
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) VALUES ('payment_status', new.`payment_status`, 1, 0) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`, `minor` = `minor` + excluded.`minor`;
  UPDATE `kept_counts` SET `n` = `n` - 1, `minor` = `minor` - old.`amount_minor` WHERE `scope` = 'paid' AND `key` = old.`currency` AND old.`payment_status` IN ('succeeded', 'completed', 'refunded') AND new.`payment_status` NOT IN ('succeeded', 'completed', 'refunded');
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT 'paid', new.`currency`, 1, new.`amount_minor` WHERE old.`payment_status` NOT IN ('succeeded', 'completed', 'refunded') AND new.`payment_status` IN ('succeeded', 'completed', 'refunded') ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + 1, `minor` = `minor` + excluded.`minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_orders_owner` AFTER UPDATE OF `user_id` ON `orders` WHEN old.`user_id` IS NOT new.`user_id` BEGIN
  UPDATE `kept_counts` SET `n` = `n` - 1, `minor` = `minor` - 0 WHERE `scope` = 'user' AND `key` = CAST(old.`user_id` AS TEXT);
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) VALUES ('user', CAST(new.`user_id` AS TEXT), 1, 0) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`, `minor` = `minor` + excluded.`minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_orders_invoiced` AFTER UPDATE OF `invoice_number` ON `orders` WHEN old.`invoice_number` IS NULL AND new.`invoice_number` IS NOT NULL BEGIN
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `invoices`, `sales_minor`, `discount_minor`, `tax_minor`) VALUES (strftime('%Y-%m-%d', new.`invoice_issued_at` / 1000, 'unixepoch'), new.`currency`, coalesce(new.`tax_country`, ''), new.`tax_rate_bp`, 1, (new.`subtotal_minor` - new.`discount_minor`), new.`discount_minor`, new.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `invoices` = `invoices` + excluded.`invoices`, `sales_minor` = `sales_minor` + excluded.`sales_minor`, `discount_minor` = `discount_minor` + excluded.`discount_minor`, `tax_minor` = `tax_minor` + excluded.`tax_minor`;
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `invoices`, `sales_minor`, `discount_minor`, `tax_minor`) VALUES ('M' || strftime('%Y-%m', new.`invoice_issued_at` / 1000, 'unixepoch'), new.`currency`, coalesce(new.`tax_country`, ''), new.`tax_rate_bp`, 1, (new.`subtotal_minor` - new.`discount_minor`), new.`discount_minor`, new.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `invoices` = `invoices` + excluded.`invoices`, `sales_minor` = `sales_minor` + excluded.`sales_minor`, `discount_minor` = `discount_minor` + excluded.`discount_minor`, `tax_minor` = `tax_minor` + excluded.`tax_minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_orders_delete_credit_notes` BEFORE DELETE ON `orders` BEGIN
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `credit_notes`, `refunds_minor`, `refunds_tax_minor`)
  SELECT strftime('%Y-%m-%d', r.`refunded_at` / 1000, 'unixepoch'), r.`currency`, coalesce(old.`tax_country`, ''), old.`tax_rate_bp`, -count(*), -sum(r.`amount_minor`), -sum(r.`tax_minor`)
  FROM `order_refunds` r WHERE r.`order_id` = old.`id` AND r.`credit_note_number` IS NOT NULL GROUP BY 1, 2
  ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `credit_notes` = `credit_notes` + excluded.`credit_notes`, `refunds_minor` = `refunds_minor` + excluded.`refunds_minor`, `refunds_tax_minor` = `refunds_tax_minor` + excluded.`refunds_tax_minor`;
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `credit_notes`, `refunds_minor`, `refunds_tax_minor`)
  SELECT 'M' || strftime('%Y-%m', r.`refunded_at` / 1000, 'unixepoch'), r.`currency`, coalesce(old.`tax_country`, ''), old.`tax_rate_bp`, -count(*), -sum(r.`amount_minor`), -sum(r.`tax_minor`)
  FROM `order_refunds` r WHERE r.`order_id` = old.`id` AND r.`credit_note_number` IS NOT NULL GROUP BY 1, 2
  ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `credit_notes` = `credit_notes` + excluded.`credit_notes`, `refunds_minor` = `refunds_minor` + excluded.`refunds_minor`, `refunds_tax_minor` = `refunds_tax_minor` + excluded.`refunds_tax_minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_orders_delete` AFTER DELETE ON `orders` BEGIN
  UPDATE `kept_counts` SET `n` = `n` - 1, `minor` = `minor` - 0 WHERE `scope` = 'orders' AND `key` = '';
  UPDATE `kept_counts` SET `n` = `n` - 1, `minor` = `minor` - 0 WHERE `scope` = 'work_status' AND `key` = old.`work_status`;
  UPDATE `kept_counts` SET `n` = `n` - 1, `minor` = `minor` - 0 WHERE `scope` = 'payment_status' AND `key` = old.`payment_status`;
  UPDATE `kept_counts` SET `n` = `n` - 1, `minor` = `minor` - 0 WHERE `scope` = 'user' AND `key` = CAST(old.`user_id` AS TEXT);
  UPDATE `kept_counts` SET `n` = `n` - 1, `minor` = `minor` - old.`amount_minor` WHERE `scope` = 'paid' AND `key` = old.`currency` AND old.`payment_status` IN ('succeeded', 'completed', 'refunded');
END;
--> statement-breakpoint
CREATE TRIGGER `kept_orders_delete_invoiced` AFTER DELETE ON `orders` WHEN old.`invoice_number` IS NOT NULL BEGIN
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `invoices`, `sales_minor`, `discount_minor`, `tax_minor`) VALUES (strftime('%Y-%m-%d', old.`invoice_issued_at` / 1000, 'unixepoch'), old.`currency`, coalesce(old.`tax_country`, ''), old.`tax_rate_bp`, -1, -(old.`subtotal_minor` - old.`discount_minor`), -old.`discount_minor`, -old.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `invoices` = `invoices` + excluded.`invoices`, `sales_minor` = `sales_minor` + excluded.`sales_minor`, `discount_minor` = `discount_minor` + excluded.`discount_minor`, `tax_minor` = `tax_minor` + excluded.`tax_minor`;
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `invoices`, `sales_minor`, `discount_minor`, `tax_minor`) VALUES ('M' || strftime('%Y-%m', old.`invoice_issued_at` / 1000, 'unixepoch'), old.`currency`, coalesce(old.`tax_country`, ''), old.`tax_rate_bp`, -1, -(old.`subtotal_minor` - old.`discount_minor`), -old.`discount_minor`, -old.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `invoices` = `invoices` + excluded.`invoices`, `sales_minor` = `sales_minor` + excluded.`sales_minor`, `discount_minor` = `discount_minor` + excluded.`discount_minor`, `tax_minor` = `tax_minor` + excluded.`tax_minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_refunds_insert` AFTER INSERT ON `order_refunds` WHEN new.`status` = 'succeeded' BEGIN
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) VALUES ('refunds', new.`currency`, 1, new.`amount_minor`) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`, `minor` = `minor` + excluded.`minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_refunds_move` AFTER UPDATE OF `status` ON `order_refunds` WHEN old.`status` IS NOT new.`status` BEGIN
  UPDATE `kept_counts` SET `n` = `n` - 1, `minor` = `minor` - old.`amount_minor` WHERE `scope` = 'refunds' AND `key` = old.`currency` AND old.`status` = 'succeeded';
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT 'refunds', new.`currency`, 1, new.`amount_minor` WHERE new.`status` = 'succeeded' ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + 1, `minor` = `minor` + excluded.`minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_refunds_amount` AFTER UPDATE OF `amount_minor` ON `order_refunds` WHEN new.`status` = 'succeeded' AND old.`status` = 'succeeded' AND old.`amount_minor` IS NOT new.`amount_minor` BEGIN
  UPDATE `kept_counts` SET `minor` = `minor` - old.`amount_minor` + new.`amount_minor` WHERE `scope` = 'refunds' AND `key` = new.`currency`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_refunds_delete` AFTER DELETE ON `order_refunds` WHEN old.`status` = 'succeeded' BEGIN
  UPDATE `kept_counts` SET `n` = `n` - 1, `minor` = `minor` - old.`amount_minor` WHERE `scope` = 'refunds' AND `key` = old.`currency`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_refunds_credit_note_insert` AFTER INSERT ON `order_refunds` WHEN new.`credit_note_number` IS NOT NULL BEGIN
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `credit_notes`, `refunds_minor`, `refunds_tax_minor`) SELECT strftime('%Y-%m-%d', new.`refunded_at` / 1000, 'unixepoch'), new.`currency`, coalesce(o.`tax_country`, ''), o.`tax_rate_bp`, 1, new.`amount_minor`, new.`tax_minor` FROM `orders` o WHERE o.`id` = new.`order_id` ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `credit_notes` = `credit_notes` + excluded.`credit_notes`, `refunds_minor` = `refunds_minor` + excluded.`refunds_minor`, `refunds_tax_minor` = `refunds_tax_minor` + excluded.`refunds_tax_minor`;
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `credit_notes`, `refunds_minor`, `refunds_tax_minor`) SELECT 'M' || strftime('%Y-%m', new.`refunded_at` / 1000, 'unixepoch'), new.`currency`, coalesce(o.`tax_country`, ''), o.`tax_rate_bp`, 1, new.`amount_minor`, new.`tax_minor` FROM `orders` o WHERE o.`id` = new.`order_id` ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `credit_notes` = `credit_notes` + excluded.`credit_notes`, `refunds_minor` = `refunds_minor` + excluded.`refunds_minor`, `refunds_tax_minor` = `refunds_tax_minor` + excluded.`refunds_tax_minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_refunds_credit_note` AFTER UPDATE OF `credit_note_number` ON `order_refunds` WHEN old.`credit_note_number` IS NULL AND new.`credit_note_number` IS NOT NULL BEGIN
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `credit_notes`, `refunds_minor`, `refunds_tax_minor`) SELECT strftime('%Y-%m-%d', new.`refunded_at` / 1000, 'unixepoch'), new.`currency`, coalesce(o.`tax_country`, ''), o.`tax_rate_bp`, 1, new.`amount_minor`, new.`tax_minor` FROM `orders` o WHERE o.`id` = new.`order_id` ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `credit_notes` = `credit_notes` + excluded.`credit_notes`, `refunds_minor` = `refunds_minor` + excluded.`refunds_minor`, `refunds_tax_minor` = `refunds_tax_minor` + excluded.`refunds_tax_minor`;
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `credit_notes`, `refunds_minor`, `refunds_tax_minor`) SELECT 'M' || strftime('%Y-%m', new.`refunded_at` / 1000, 'unixepoch'), new.`currency`, coalesce(o.`tax_country`, ''), o.`tax_rate_bp`, 1, new.`amount_minor`, new.`tax_minor` FROM `orders` o WHERE o.`id` = new.`order_id` ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `credit_notes` = `credit_notes` + excluded.`credit_notes`, `refunds_minor` = `refunds_minor` + excluded.`refunds_minor`, `refunds_tax_minor` = `refunds_tax_minor` + excluded.`refunds_tax_minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_refunds_credit_note_delete` AFTER DELETE ON `order_refunds` WHEN old.`credit_note_number` IS NOT NULL BEGIN
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `credit_notes`, `refunds_minor`, `refunds_tax_minor`) SELECT strftime('%Y-%m-%d', old.`refunded_at` / 1000, 'unixepoch'), old.`currency`, coalesce(o.`tax_country`, ''), o.`tax_rate_bp`, -1, -old.`amount_minor`, -old.`tax_minor` FROM `orders` o WHERE o.`id` = old.`order_id` ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `credit_notes` = `credit_notes` + excluded.`credit_notes`, `refunds_minor` = `refunds_minor` + excluded.`refunds_minor`, `refunds_tax_minor` = `refunds_tax_minor` + excluded.`refunds_tax_minor`;
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `credit_notes`, `refunds_minor`, `refunds_tax_minor`) SELECT 'M' || strftime('%Y-%m', old.`refunded_at` / 1000, 'unixepoch'), old.`currency`, coalesce(o.`tax_country`, ''), o.`tax_rate_bp`, -1, -old.`amount_minor`, -old.`tax_minor` FROM `orders` o WHERE o.`id` = old.`order_id` ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `credit_notes` = `credit_notes` + excluded.`credit_notes`, `refunds_minor` = `refunds_minor` + excluded.`refunds_minor`, `refunds_tax_minor` = `refunds_tax_minor` + excluded.`refunds_tax_minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_customers_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) VALUES ('customers', '', 1, 0) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`, `minor` = `minor` + excluded.`minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_customers_delete` AFTER DELETE ON `users` BEGIN
  UPDATE `kept_counts` SET `n` = `n` - 1, `minor` = `minor` - 0 WHERE `scope` = 'customers' AND `key` = '';
END;
--> statement-breakpoint
CREATE TRIGGER `kept_subscribers_insert` AFTER INSERT ON `newsletter_subscriptions` BEGIN
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) VALUES ('subscribers', '', 1, 0) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`, `minor` = `minor` + excluded.`minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_subscribers_delete` AFTER DELETE ON `newsletter_subscriptions` BEGIN
  UPDATE `kept_counts` SET `n` = `n` - 1, `minor` = `minor` - 0 WHERE `scope` = 'subscribers' AND `key` = '';
END;
--> statement-breakpoint
CREATE TRIGGER `kept_products_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) VALUES ('products', '', 1, 0) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`, `minor` = `minor` + excluded.`minor`;
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT 'on_sale', '', 1, 0 WHERE new.`archived_at` IS NULL AND new.`published_at` IS NOT NULL ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_products_delete` AFTER DELETE ON `products` BEGIN
  UPDATE `kept_counts` SET `n` = `n` - 1, `minor` = `minor` - 0 WHERE `scope` = 'products' AND `key` = '';
  UPDATE `kept_counts` SET `n` = `n` - 1 WHERE `scope` = 'on_sale' AND `key` = '' AND old.`archived_at` IS NULL AND old.`published_at` IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_products_on_sale` AFTER UPDATE OF `archived_at`, `published_at` ON `products` WHEN (old.`archived_at` IS NULL AND old.`published_at` IS NOT NULL) IS NOT (new.`archived_at` IS NULL AND new.`published_at` IS NOT NULL) BEGIN
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT 'on_sale', '', CASE WHEN new.`archived_at` IS NULL AND new.`published_at` IS NOT NULL THEN 1 ELSE -1 END, 0 WHERE true ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT 'tag', CAST(`tag_id` AS TEXT), CASE WHEN new.`archived_at` IS NULL AND new.`published_at` IS NOT NULL THEN 1 ELSE -1 END, 0 FROM `product_tags` WHERE `product_id` = new.`id` ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
  UPDATE `product_tags` SET `listed_at` = CASE WHEN new.`archived_at` IS NULL AND new.`published_at` IS NOT NULL THEN new.`created_at` END WHERE `product_id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_products_listed_at` AFTER UPDATE OF `created_at` ON `products` WHEN new.`archived_at` IS NULL AND new.`published_at` IS NOT NULL AND old.`created_at` IS NOT new.`created_at` BEGIN
  UPDATE `product_tags` SET `listed_at` = new.`created_at` WHERE `product_id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_product_tags_insert` AFTER INSERT ON `product_tags` BEGIN
  UPDATE `product_tags` SET `listed_at` = (SELECT p.`created_at` FROM `products` p WHERE p.`id` = new.`product_id` AND p.`archived_at` IS NULL AND p.`published_at` IS NOT NULL) WHERE `product_id` = new.`product_id` AND `tag_id` = new.`tag_id`;
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT 'tag', CAST(new.`tag_id` AS TEXT), 1, 0 FROM `products` p WHERE p.`id` = new.`product_id` AND p.`archived_at` IS NULL AND p.`published_at` IS NOT NULL ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_product_tags_delete` AFTER DELETE ON `product_tags` WHEN old.`listed_at` IS NOT NULL BEGIN
  UPDATE `kept_counts` SET `n` = `n` - 1, `minor` = `minor` - 0 WHERE `scope` = 'tag' AND `key` = CAST(old.`tag_id` AS TEXT);
END;
