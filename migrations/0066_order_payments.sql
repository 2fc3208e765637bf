CREATE TABLE `order_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`sequence` integer NOT NULL,
	`purpose` text DEFAULT 'order' NOT NULL,
	`description` text,
	`intent_id` text,
	`gateway` text DEFAULT 'local' NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`subtotal_minor` integer DEFAULT 0 NOT NULL,
	`discount_minor` integer DEFAULT 0 NOT NULL,
	`tax_minor` integer DEFAULT 0 NOT NULL,
	`tax_rate_bp` integer DEFAULT 0 NOT NULL,
	`tax_country` text,
	`tax_note` text,
	`status` text DEFAULT 'initiated' NOT NULL,
	`invoice_number` text,
	`invoice_issued_at` integer,
	`seller_snapshot` text,
	`idempotency_key` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_payments_sequence_unique` ON `order_payments` (`order_id`,`sequence`);--> statement-breakpoint
CREATE UNIQUE INDEX `order_payments_intent_unique` ON `order_payments` (`intent_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `order_payments_invoice_unique` ON `order_payments` (`invoice_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `order_payments_key_unique` ON `order_payments` (`order_id`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `order_payments_invoice_issued_idx` ON `order_payments` (`invoice_issued_at`);--> statement-breakpoint
ALTER TABLE `order_refunds` ADD `payment_id` integer REFERENCES order_payments(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `order_refunds` ADD `tax_rate_bp` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `order_refunds` ADD `tax_country` text;--> statement-breakpoint
CREATE INDEX `order_refunds_payment_idx` ON `order_refunds` (`payment_id`);--> statement-breakpoint
-- An order's payments (db/schema.ts `orderPayments`). Hand-written below drizzle-kit's tables (it does
-- not model triggers): every order's checkout payment copied in as its payment 1 (with the invoice
-- its order has), each refund naming the payment it refunded and carrying that invoice's rate and
-- country; then the triggers. The checkout payment stays written through the order's own columns,
-- copied into payment 1 in the same statement. The reports' kept figures move here from the orders:
-- invoices and money paid are counted from the payments (the `paid` count still counts orders, a
-- payment 1 each), credit notes from the refunds' own rate and country. For the orders there were,
-- the payments are their copies: every figure stays what it was.
INSERT INTO `order_payments` (`order_id`, `sequence`, `purpose`, `intent_id`, `gateway`, `amount_minor`, `currency`, `subtotal_minor`, `discount_minor`, `tax_minor`, `tax_rate_bp`, `tax_country`, `tax_note`, `status`, `invoice_number`, `invoice_issued_at`, `seller_snapshot`, `created_at`)
SELECT `id`, 1, 'order', `payment_intent_id`, `gateway`, `amount_minor`, `currency`, `subtotal_minor`, `discount_minor`, `tax_minor`, `tax_rate_bp`, `tax_country`, `tax_note`, `payment_status`, `invoice_number`, `invoice_issued_at`, `seller_snapshot`, `created_at` FROM `orders`;
--> statement-breakpoint
UPDATE `order_refunds` SET
  `payment_id` = (SELECT p.`id` FROM `order_payments` p WHERE p.`order_id` = `order_refunds`.`order_id` AND p.`sequence` = 1),
  `tax_rate_bp` = (SELECT o.`tax_rate_bp` FROM `orders` o WHERE o.`id` = `order_refunds`.`order_id`),
  `tax_country` = (SELECT o.`tax_country` FROM `orders` o WHERE o.`id` = `order_refunds`.`order_id`);
--> statement-breakpoint
DROP TRIGGER IF EXISTS `kept_orders_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `kept_orders_invoiced_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `kept_orders_payment_move`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `kept_orders_invoiced`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `kept_orders_delete_credit_notes`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `kept_orders_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `kept_orders_delete_invoiced`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `kept_orders_invoiced_move`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `kept_refunds_credit_note_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `kept_refunds_credit_note`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `kept_refunds_credit_note_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `kept_refunds_credited_move`;
--> statement-breakpoint
CREATE TRIGGER `kept_orders_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) VALUES ('orders', '', 1, 0) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`, `minor` = `minor` + excluded.`minor`;
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) VALUES ('work_status', new.`work_status`, 1, 0) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`, `minor` = `minor` + excluded.`minor`;
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) VALUES ('payment_status', new.`payment_status`, 1, 0) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`, `minor` = `minor` + excluded.`minor`;
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) VALUES ('user', CAST(new.`user_id` AS TEXT), 1, 0) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`, `minor` = `minor` + excluded.`minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_orders_payment_move` AFTER UPDATE OF `payment_status` ON `orders` WHEN old.`payment_status` IS NOT new.`payment_status` BEGIN
  UPDATE `kept_counts` SET `n` = `n` - 1, `minor` = `minor` - 0 WHERE `scope` = 'payment_status' AND `key` = old.`payment_status`;
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) VALUES ('payment_status', new.`payment_status`, 1, 0) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`, `minor` = `minor` + excluded.`minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_orders_delete` AFTER DELETE ON `orders` BEGIN
  UPDATE `kept_counts` SET `n` = `n` - 1, `minor` = `minor` - 0 WHERE `scope` = 'orders' AND `key` = '';
  UPDATE `kept_counts` SET `n` = `n` - 1, `minor` = `minor` - 0 WHERE `scope` = 'work_status' AND `key` = old.`work_status`;
  UPDATE `kept_counts` SET `n` = `n` - 1, `minor` = `minor` - 0 WHERE `scope` = 'payment_status' AND `key` = old.`payment_status`;
  UPDATE `kept_counts` SET `n` = `n` - 1, `minor` = `minor` - 0 WHERE `scope` = 'user' AND `key` = CAST(old.`user_id` AS TEXT);
END;
--> statement-breakpoint
CREATE TRIGGER `order_payments_checkout_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `order_payments` (`order_id`, `sequence`, `purpose`, `intent_id`, `gateway`, `amount_minor`, `currency`, `subtotal_minor`, `discount_minor`, `tax_minor`, `tax_rate_bp`, `tax_country`, `tax_note`, `status`, `invoice_number`, `invoice_issued_at`, `seller_snapshot`, `created_at`)
  VALUES (new.`id`, 1, 'order', new.`payment_intent_id`, new.`gateway`, new.`amount_minor`, new.`currency`, new.`subtotal_minor`, new.`discount_minor`, new.`tax_minor`, new.`tax_rate_bp`, new.`tax_country`, new.`tax_note`, new.`payment_status`, new.`invoice_number`, new.`invoice_issued_at`, new.`seller_snapshot`, new.`created_at`);
END;
--> statement-breakpoint
CREATE TRIGGER `order_payments_checkout_update` AFTER UPDATE OF `payment_intent_id`, `gateway`, `amount_minor`, `currency`, `subtotal_minor`, `discount_minor`, `tax_minor`, `tax_rate_bp`, `tax_country`, `tax_note`, `payment_status`, `invoice_number`, `invoice_issued_at`, `seller_snapshot` ON `orders` BEGIN
  UPDATE `order_payments` SET `intent_id` = new.`payment_intent_id`, `gateway` = new.`gateway`, `amount_minor` = new.`amount_minor`, `currency` = new.`currency`, `subtotal_minor` = new.`subtotal_minor`, `discount_minor` = new.`discount_minor`, `tax_minor` = new.`tax_minor`, `tax_rate_bp` = new.`tax_rate_bp`, `tax_country` = new.`tax_country`, `tax_note` = new.`tax_note`, `status` = new.`payment_status`, `invoice_number` = new.`invoice_number`, `invoice_issued_at` = new.`invoice_issued_at`, `seller_snapshot` = new.`seller_snapshot`
  WHERE `order_id` = new.`id` AND `sequence` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `order_payments_invoiced_insert` AFTER INSERT ON `order_payments` WHEN new.`invoice_number` IS NOT NULL BEGIN
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `invoices`, `sales_minor`, `discount_minor`, `tax_minor`) VALUES (strftime('%Y-%m-%d', new.`invoice_issued_at` / 1000, 'unixepoch'), new.`currency`, coalesce(new.`tax_country`, ''), new.`tax_rate_bp`, 1, (new.`subtotal_minor` - new.`discount_minor`), new.`discount_minor`, new.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `invoices` = `invoices` + excluded.`invoices`, `sales_minor` = `sales_minor` + excluded.`sales_minor`, `discount_minor` = `discount_minor` + excluded.`discount_minor`, `tax_minor` = `tax_minor` + excluded.`tax_minor`;
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `invoices`, `sales_minor`, `discount_minor`, `tax_minor`) VALUES ('M' || strftime('%Y-%m', new.`invoice_issued_at` / 1000, 'unixepoch'), new.`currency`, coalesce(new.`tax_country`, ''), new.`tax_rate_bp`, 1, (new.`subtotal_minor` - new.`discount_minor`), new.`discount_minor`, new.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `invoices` = `invoices` + excluded.`invoices`, `sales_minor` = `sales_minor` + excluded.`sales_minor`, `discount_minor` = `discount_minor` + excluded.`discount_minor`, `tax_minor` = `tax_minor` + excluded.`tax_minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `order_payments_invoiced` AFTER UPDATE OF `invoice_number` ON `order_payments` WHEN old.`invoice_number` IS NULL AND new.`invoice_number` IS NOT NULL BEGIN
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `invoices`, `sales_minor`, `discount_minor`, `tax_minor`) VALUES (strftime('%Y-%m-%d', new.`invoice_issued_at` / 1000, 'unixepoch'), new.`currency`, coalesce(new.`tax_country`, ''), new.`tax_rate_bp`, 1, (new.`subtotal_minor` - new.`discount_minor`), new.`discount_minor`, new.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `invoices` = `invoices` + excluded.`invoices`, `sales_minor` = `sales_minor` + excluded.`sales_minor`, `discount_minor` = `discount_minor` + excluded.`discount_minor`, `tax_minor` = `tax_minor` + excluded.`tax_minor`;
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `invoices`, `sales_minor`, `discount_minor`, `tax_minor`) VALUES ('M' || strftime('%Y-%m', new.`invoice_issued_at` / 1000, 'unixepoch'), new.`currency`, coalesce(new.`tax_country`, ''), new.`tax_rate_bp`, 1, (new.`subtotal_minor` - new.`discount_minor`), new.`discount_minor`, new.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `invoices` = `invoices` + excluded.`invoices`, `sales_minor` = `sales_minor` + excluded.`sales_minor`, `discount_minor` = `discount_minor` + excluded.`discount_minor`, `tax_minor` = `tax_minor` + excluded.`tax_minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `order_payments_invoiced_move` AFTER UPDATE OF `subtotal_minor`, `discount_minor`, `tax_minor`, `invoice_issued_at` ON `order_payments`
  WHEN old.`invoice_number` IS NOT NULL AND new.`invoice_number` IS NOT NULL AND (new.`subtotal_minor` IS NOT old.`subtotal_minor` OR new.`discount_minor` IS NOT old.`discount_minor`
    OR new.`tax_minor` IS NOT old.`tax_minor` OR new.`invoice_issued_at` IS NOT old.`invoice_issued_at`) BEGIN
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `invoices`, `sales_minor`, `discount_minor`, `tax_minor`) VALUES (strftime('%Y-%m-%d', old.`invoice_issued_at` / 1000, 'unixepoch'), old.`currency`, coalesce(old.`tax_country`, ''), old.`tax_rate_bp`, -1, -(old.`subtotal_minor` - old.`discount_minor`), -old.`discount_minor`, -old.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `invoices` = `invoices` + excluded.`invoices`, `sales_minor` = `sales_minor` + excluded.`sales_minor`, `discount_minor` = `discount_minor` + excluded.`discount_minor`, `tax_minor` = `tax_minor` + excluded.`tax_minor`;
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `invoices`, `sales_minor`, `discount_minor`, `tax_minor`) VALUES ('M' || strftime('%Y-%m', old.`invoice_issued_at` / 1000, 'unixepoch'), old.`currency`, coalesce(old.`tax_country`, ''), old.`tax_rate_bp`, -1, -(old.`subtotal_minor` - old.`discount_minor`), -old.`discount_minor`, -old.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `invoices` = `invoices` + excluded.`invoices`, `sales_minor` = `sales_minor` + excluded.`sales_minor`, `discount_minor` = `discount_minor` + excluded.`discount_minor`, `tax_minor` = `tax_minor` + excluded.`tax_minor`;
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `invoices`, `sales_minor`, `discount_minor`, `tax_minor`) VALUES (strftime('%Y-%m-%d', new.`invoice_issued_at` / 1000, 'unixepoch'), new.`currency`, coalesce(new.`tax_country`, ''), new.`tax_rate_bp`, 1, (new.`subtotal_minor` - new.`discount_minor`), new.`discount_minor`, new.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `invoices` = `invoices` + excluded.`invoices`, `sales_minor` = `sales_minor` + excluded.`sales_minor`, `discount_minor` = `discount_minor` + excluded.`discount_minor`, `tax_minor` = `tax_minor` + excluded.`tax_minor`;
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `invoices`, `sales_minor`, `discount_minor`, `tax_minor`) VALUES ('M' || strftime('%Y-%m', new.`invoice_issued_at` / 1000, 'unixepoch'), new.`currency`, coalesce(new.`tax_country`, ''), new.`tax_rate_bp`, 1, (new.`subtotal_minor` - new.`discount_minor`), new.`discount_minor`, new.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `invoices` = `invoices` + excluded.`invoices`, `sales_minor` = `sales_minor` + excluded.`sales_minor`, `discount_minor` = `discount_minor` + excluded.`discount_minor`, `tax_minor` = `tax_minor` + excluded.`tax_minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `order_payments_invoiced_delete` AFTER DELETE ON `order_payments` WHEN old.`invoice_number` IS NOT NULL BEGIN
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `invoices`, `sales_minor`, `discount_minor`, `tax_minor`) VALUES (strftime('%Y-%m-%d', old.`invoice_issued_at` / 1000, 'unixepoch'), old.`currency`, coalesce(old.`tax_country`, ''), old.`tax_rate_bp`, -1, -(old.`subtotal_minor` - old.`discount_minor`), -old.`discount_minor`, -old.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `invoices` = `invoices` + excluded.`invoices`, `sales_minor` = `sales_minor` + excluded.`sales_minor`, `discount_minor` = `discount_minor` + excluded.`discount_minor`, `tax_minor` = `tax_minor` + excluded.`tax_minor`;
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `invoices`, `sales_minor`, `discount_minor`, `tax_minor`) VALUES ('M' || strftime('%Y-%m', old.`invoice_issued_at` / 1000, 'unixepoch'), old.`currency`, coalesce(old.`tax_country`, ''), old.`tax_rate_bp`, -1, -(old.`subtotal_minor` - old.`discount_minor`), -old.`discount_minor`, -old.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `invoices` = `invoices` + excluded.`invoices`, `sales_minor` = `sales_minor` + excluded.`sales_minor`, `discount_minor` = `discount_minor` + excluded.`discount_minor`, `tax_minor` = `tax_minor` + excluded.`tax_minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `order_payments_invoiced_jurisdiction_fixed` BEFORE UPDATE OF `currency`, `tax_rate_bp`, `tax_country` ON `order_payments`
  WHEN old.`invoice_number` IS NOT NULL AND (new.`currency` IS NOT old.`currency` OR new.`tax_rate_bp` IS NOT old.`tax_rate_bp` OR new.`tax_country` IS NOT old.`tax_country`) BEGIN
  SELECT RAISE(ABORT, 'An invoiced payment''s currency and tax are fixed');
END;
--> statement-breakpoint
CREATE TRIGGER `order_payments_paid_insert` AFTER INSERT ON `order_payments` WHEN new.`status` IN ('succeeded', 'completed', 'refunded') BEGIN
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) VALUES ('paid', new.`currency`, new.`sequence` = 1, new.`amount_minor`) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`, `minor` = `minor` + excluded.`minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `order_payments_paid_move` AFTER UPDATE OF `status` ON `order_payments` WHEN old.`status` IS NOT new.`status` BEGIN
  UPDATE `kept_counts` SET `n` = `n` - (old.`sequence` = 1), `minor` = `minor` - old.`amount_minor` WHERE `scope` = 'paid' AND `key` = old.`currency` AND old.`status` IN ('succeeded', 'completed', 'refunded') AND new.`status` NOT IN ('succeeded', 'completed', 'refunded');
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT 'paid', new.`currency`, new.`sequence` = 1, new.`amount_minor` WHERE old.`status` NOT IN ('succeeded', 'completed', 'refunded') AND new.`status` IN ('succeeded', 'completed', 'refunded') ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`, `minor` = `minor` + excluded.`minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `order_payments_paid_delete` AFTER DELETE ON `order_payments` WHEN old.`status` IN ('succeeded', 'completed', 'refunded') BEGIN
  UPDATE `kept_counts` SET `n` = `n` - (old.`sequence` = 1), `minor` = `minor` - old.`amount_minor` WHERE `scope` = 'paid' AND `key` = old.`currency`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_refunds_credit_note_insert` AFTER INSERT ON `order_refunds` WHEN new.`credit_note_number` IS NOT NULL BEGIN
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `credit_notes`, `refunds_minor`, `refunds_tax_minor`) VALUES (strftime('%Y-%m-%d', new.`refunded_at` / 1000, 'unixepoch'), new.`currency`, coalesce(new.`tax_country`, ''), new.`tax_rate_bp`, 1, new.`amount_minor`, new.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `credit_notes` = `credit_notes` + excluded.`credit_notes`, `refunds_minor` = `refunds_minor` + excluded.`refunds_minor`, `refunds_tax_minor` = `refunds_tax_minor` + excluded.`refunds_tax_minor`;
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `credit_notes`, `refunds_minor`, `refunds_tax_minor`) VALUES ('M' || strftime('%Y-%m', new.`refunded_at` / 1000, 'unixepoch'), new.`currency`, coalesce(new.`tax_country`, ''), new.`tax_rate_bp`, 1, new.`amount_minor`, new.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `credit_notes` = `credit_notes` + excluded.`credit_notes`, `refunds_minor` = `refunds_minor` + excluded.`refunds_minor`, `refunds_tax_minor` = `refunds_tax_minor` + excluded.`refunds_tax_minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_refunds_credit_note` AFTER UPDATE OF `credit_note_number` ON `order_refunds` WHEN old.`credit_note_number` IS NULL AND new.`credit_note_number` IS NOT NULL BEGIN
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `credit_notes`, `refunds_minor`, `refunds_tax_minor`) VALUES (strftime('%Y-%m-%d', new.`refunded_at` / 1000, 'unixepoch'), new.`currency`, coalesce(new.`tax_country`, ''), new.`tax_rate_bp`, 1, new.`amount_minor`, new.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `credit_notes` = `credit_notes` + excluded.`credit_notes`, `refunds_minor` = `refunds_minor` + excluded.`refunds_minor`, `refunds_tax_minor` = `refunds_tax_minor` + excluded.`refunds_tax_minor`;
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `credit_notes`, `refunds_minor`, `refunds_tax_minor`) VALUES ('M' || strftime('%Y-%m', new.`refunded_at` / 1000, 'unixepoch'), new.`currency`, coalesce(new.`tax_country`, ''), new.`tax_rate_bp`, 1, new.`amount_minor`, new.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `credit_notes` = `credit_notes` + excluded.`credit_notes`, `refunds_minor` = `refunds_minor` + excluded.`refunds_minor`, `refunds_tax_minor` = `refunds_tax_minor` + excluded.`refunds_tax_minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_refunds_credit_note_delete` AFTER DELETE ON `order_refunds` WHEN old.`credit_note_number` IS NOT NULL BEGIN
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `credit_notes`, `refunds_minor`, `refunds_tax_minor`) VALUES (strftime('%Y-%m-%d', old.`refunded_at` / 1000, 'unixepoch'), old.`currency`, coalesce(old.`tax_country`, ''), old.`tax_rate_bp`, -1, -old.`amount_minor`, -old.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `credit_notes` = `credit_notes` + excluded.`credit_notes`, `refunds_minor` = `refunds_minor` + excluded.`refunds_minor`, `refunds_tax_minor` = `refunds_tax_minor` + excluded.`refunds_tax_minor`;
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `credit_notes`, `refunds_minor`, `refunds_tax_minor`) VALUES ('M' || strftime('%Y-%m', old.`refunded_at` / 1000, 'unixepoch'), old.`currency`, coalesce(old.`tax_country`, ''), old.`tax_rate_bp`, -1, -old.`amount_minor`, -old.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `credit_notes` = `credit_notes` + excluded.`credit_notes`, `refunds_minor` = `refunds_minor` + excluded.`refunds_minor`, `refunds_tax_minor` = `refunds_tax_minor` + excluded.`refunds_tax_minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_refunds_credited_move` AFTER UPDATE OF `currency`, `amount_minor`, `tax_minor`, `refunded_at`, `tax_rate_bp`, `tax_country` ON `order_refunds`
  WHEN old.`credit_note_number` IS NOT NULL AND new.`credit_note_number` IS NOT NULL AND (new.`currency` IS NOT old.`currency` OR new.`amount_minor` IS NOT old.`amount_minor`
    OR new.`tax_minor` IS NOT old.`tax_minor` OR new.`refunded_at` IS NOT old.`refunded_at` OR new.`tax_rate_bp` IS NOT old.`tax_rate_bp` OR new.`tax_country` IS NOT old.`tax_country`) BEGIN
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `credit_notes`, `refunds_minor`, `refunds_tax_minor`) VALUES (strftime('%Y-%m-%d', old.`refunded_at` / 1000, 'unixepoch'), old.`currency`, coalesce(old.`tax_country`, ''), old.`tax_rate_bp`, -1, -old.`amount_minor`, -old.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `credit_notes` = `credit_notes` + excluded.`credit_notes`, `refunds_minor` = `refunds_minor` + excluded.`refunds_minor`, `refunds_tax_minor` = `refunds_tax_minor` + excluded.`refunds_tax_minor`;
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `credit_notes`, `refunds_minor`, `refunds_tax_minor`) VALUES ('M' || strftime('%Y-%m', old.`refunded_at` / 1000, 'unixepoch'), old.`currency`, coalesce(old.`tax_country`, ''), old.`tax_rate_bp`, -1, -old.`amount_minor`, -old.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `credit_notes` = `credit_notes` + excluded.`credit_notes`, `refunds_minor` = `refunds_minor` + excluded.`refunds_minor`, `refunds_tax_minor` = `refunds_tax_minor` + excluded.`refunds_tax_minor`;
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `credit_notes`, `refunds_minor`, `refunds_tax_minor`) VALUES (strftime('%Y-%m-%d', new.`refunded_at` / 1000, 'unixepoch'), new.`currency`, coalesce(new.`tax_country`, ''), new.`tax_rate_bp`, 1, new.`amount_minor`, new.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `credit_notes` = `credit_notes` + excluded.`credit_notes`, `refunds_minor` = `refunds_minor` + excluded.`refunds_minor`, `refunds_tax_minor` = `refunds_tax_minor` + excluded.`refunds_tax_minor`;
  INSERT INTO `money_days` (`day`, `currency`, `country`, `rate_bp`, `credit_notes`, `refunds_minor`, `refunds_tax_minor`) VALUES ('M' || strftime('%Y-%m', new.`refunded_at` / 1000, 'unixepoch'), new.`currency`, coalesce(new.`tax_country`, ''), new.`tax_rate_bp`, 1, new.`amount_minor`, new.`tax_minor`) ON CONFLICT (`day`, `currency`, `country`, `rate_bp`) DO UPDATE SET `credit_notes` = `credit_notes` + excluded.`credit_notes`, `refunds_minor` = `refunds_minor` + excluded.`refunds_minor`, `refunds_tax_minor` = `refunds_tax_minor` + excluded.`refunds_tax_minor`;
END;
--> statement-breakpoint
-- A creator's share is of the checkout payment (a later payment carries none yet): only its refunds claw back.
DROP TRIGGER IF EXISTS `order_refunds_clawback`;
--> statement-breakpoint
CREATE TRIGGER `order_refunds_clawback` AFTER UPDATE OF `status` ON `order_refunds`
WHEN new.`status` = 'succeeded' AND old.`status` IS NOT 'succeeded' AND new.`amount_minor` > new.`tax_minor`
  AND (new.`payment_id` IS NULL OR EXISTS (SELECT 1 FROM `order_payments` p WHERE p.`id` = new.`payment_id` AND p.`sequence` = 1)) BEGIN
  INSERT INTO `ledger_entries` (`creator_id`, `order_id`, `kind`, `amount_minor`, `currency`, `idempotency_key`, `basis_minor`)
  SELECT e.`creator_id`, e.`order_id`, 'clawback',
    -min(
      max(0,
        ((new.`amount_minor` - new.`tax_minor` + coalesce((SELECT sum(r.`amount_minor` - r.`tax_minor`) FROM `order_refunds` r
            JOIN `ledger_entries` c ON c.`idempotency_key` = 'clawback-' || r.`id`
            WHERE r.`order_id` = new.`order_id` AND r.`id` != new.`id`), 0)) * o.`creator_share_bp` + 5000) / 10000
        + coalesce((SELECT sum(c.`amount_minor`) FROM `order_refunds` r
            JOIN `ledger_entries` c ON c.`idempotency_key` = 'clawback-' || r.`id`
            WHERE r.`order_id` = new.`order_id` AND r.`id` != new.`id`), 0)),
      e.`amount_minor` + coalesce((SELECT sum(c.`amount_minor`) FROM `ledger_entries` c WHERE c.`order_id` = e.`order_id` AND c.`kind` = 'clawback'), 0)
    ),
    e.`currency`, 'clawback-' || new.`id`,
    -(new.`amount_minor` - new.`tax_minor`)
  FROM `ledger_entries` e JOIN `orders` o ON o.`id` = e.`order_id`
  WHERE e.`order_id` = new.`order_id` AND e.`kind` = 'earning' AND o.`creator_share_bp` IS NOT NULL
    AND e.`amount_minor` + coalesce((SELECT sum(c.`amount_minor`) FROM `ledger_entries` c WHERE c.`order_id` = e.`order_id` AND c.`kind` = 'clawback'), 0) > 0
  ON CONFLICT (`idempotency_key`) DO NOTHING;
END;
