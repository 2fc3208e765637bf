ALTER TABLE `kept_counts` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `money_days` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `package_delivery_days` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `package_figures` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `product_ratings` ADD `version` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Every change of a kept figure raises its row's version (written by hand: drizzle-kit does not model
-- triggers), so the reconciliation repairs a figure only if nothing moved it since it was noted.
CREATE TRIGGER `kept_counts_version` AFTER UPDATE OF `n`, `minor` ON `kept_counts` BEGIN
  UPDATE `kept_counts` SET `version` = `version` + 1 WHERE `scope` = new.`scope` AND `key` = new.`key`;
END;
--> statement-breakpoint
CREATE TRIGGER `money_days_version` AFTER UPDATE OF `invoices`, `sales_minor`, `discount_minor`, `tax_minor`, `credit_notes`, `refunds_minor`, `refunds_tax_minor` ON `money_days` BEGIN
  UPDATE `money_days` SET `version` = `version` + 1 WHERE `day` = new.`day` AND `currency` = new.`currency` AND `country` = new.`country` AND `rate_bp` = new.`rate_bp`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_ratings_version` AFTER UPDATE OF `count`, `sum`, `stars_1`, `stars_2`, `stars_3`, `stars_4`, `stars_5`, `hidden` ON `product_ratings` BEGIN
  UPDATE `product_ratings` SET `version` = `version` + 1 WHERE `product_id` = new.`product_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `package_figures_version` AFTER UPDATE OF `completed`, `on_time`, `revisions_used`, `on_time_permille` ON `package_figures` BEGIN
  UPDATE `package_figures` SET `version` = `version` + 1 WHERE `package_id` = new.`package_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `package_delivery_days_version` AFTER UPDATE OF `orders` ON `package_delivery_days` BEGIN
  UPDATE `package_delivery_days` SET `version` = `version` + 1 WHERE `package_id` = new.`package_id` AND `days` = new.`days`;
END;
