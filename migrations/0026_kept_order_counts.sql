CREATE TABLE `order_counts` (
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`scope`, `key`)
);
--> statement-breakpoint
-- Kept by triggers (written by hand: drizzle-kit does not model triggers), and filled from the orders there are.
INSERT INTO `order_counts` (`scope`, `key`, `n`) SELECT 'all', '', count(*) FROM `orders`;
--> statement-breakpoint
INSERT INTO `order_counts` (`scope`, `key`, `n`) SELECT 'work_status', `work_status`, count(*) FROM `orders` GROUP BY `work_status`;
--> statement-breakpoint
INSERT INTO `order_counts` (`scope`, `key`, `n`) SELECT 'user', CAST(`user_id` AS TEXT), count(*) FROM `orders` GROUP BY `user_id`;
--> statement-breakpoint
CREATE TRIGGER `order_counts_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `order_counts` (`scope`, `key`, `n`) VALUES ('all', '', 1) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + 1;
  INSERT INTO `order_counts` (`scope`, `key`, `n`) VALUES ('work_status', new.`work_status`, 1) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + 1;
  INSERT INTO `order_counts` (`scope`, `key`, `n`) VALUES ('user', CAST(new.`user_id` AS TEXT), 1) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `order_counts_move` AFTER UPDATE OF `work_status` ON `orders` WHEN old.`work_status` IS NOT new.`work_status` BEGIN
  UPDATE `order_counts` SET `n` = `n` - 1 WHERE `scope` = 'work_status' AND `key` = old.`work_status`;
  INSERT INTO `order_counts` (`scope`, `key`, `n`) VALUES ('work_status', new.`work_status`, 1) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `order_counts_owner` AFTER UPDATE OF `user_id` ON `orders` WHEN old.`user_id` IS NOT new.`user_id` BEGIN
  UPDATE `order_counts` SET `n` = `n` - 1 WHERE `scope` = 'user' AND `key` = CAST(old.`user_id` AS TEXT);
  INSERT INTO `order_counts` (`scope`, `key`, `n`) VALUES ('user', CAST(new.`user_id` AS TEXT), 1) ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `order_counts_delete` AFTER DELETE ON `orders` BEGIN
  UPDATE `order_counts` SET `n` = `n` - 1 WHERE `scope` = 'all' AND `key` = '';
  UPDATE `order_counts` SET `n` = `n` - 1 WHERE `scope` = 'work_status' AND `key` = old.`work_status`;
  UPDATE `order_counts` SET `n` = `n` - 1 WHERE `scope` = 'user' AND `key` = CAST(old.`user_id` AS TEXT);
END;
