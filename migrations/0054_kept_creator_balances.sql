CREATE TABLE `creator_balances` (
	`creator_id` integer NOT NULL,
	`currency` text NOT NULL,
	`balance_minor` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`creator_id`, `currency`),
	FOREIGN KEY (`creator_id`) REFERENCES `creators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TRIGGER `ledger_entries_balance` AFTER INSERT ON `ledger_entries` BEGIN
  INSERT INTO `creator_balances` (`creator_id`, `currency`, `balance_minor`) VALUES (new.`creator_id`, new.`currency`, new.`amount_minor`)
  ON CONFLICT (`creator_id`, `currency`) DO UPDATE SET `balance_minor` = `balance_minor` + excluded.`balance_minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `creator_balances_version` AFTER UPDATE OF `balance_minor` ON `creator_balances` BEGIN
  UPDATE `creator_balances` SET `version` = `version` + 1 WHERE `creator_id` = new.`creator_id` AND `currency` = new.`currency`;
END;
--> statement-breakpoint
INSERT INTO `creator_balances` (`creator_id`, `currency`, `balance_minor`)
SELECT `creator_id`, `currency`, sum(`amount_minor`) FROM `ledger_entries` GROUP BY `creator_id`, `currency`;
