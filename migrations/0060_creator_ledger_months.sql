CREATE TABLE `creator_ledger_months` (
	`creator_id` integer NOT NULL,
	`currency` text NOT NULL,
	`month` text NOT NULL,
	`net_minor` integer DEFAULT 0 NOT NULL,
	`earned_minor` integer DEFAULT 0 NOT NULL,
	`earnings` integer DEFAULT 0 NOT NULL,
	`paid_minor` integer DEFAULT 0 NOT NULL,
	`clawed_back_minor` integer DEFAULT 0 NOT NULL,
	`adjusted_minor` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`creator_id`, `currency`, `month`),
	FOREIGN KEY (`creator_id`) REFERENCES `creators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `creator_ledger_months_month_idx` ON `creator_ledger_months` (`month`);--> statement-breakpoint
CREATE INDEX `ledger_entries_creator_time_idx` ON `ledger_entries` (`creator_id`,`created_at`);--> statement-breakpoint
-- Each ledger row counted into its creator's month (UTC) as it is written.
CREATE TRIGGER `ledger_entries_month` AFTER INSERT ON `ledger_entries` BEGIN
  INSERT INTO `creator_ledger_months` (`creator_id`, `currency`, `month`, `net_minor`, `earned_minor`, `earnings`, `paid_minor`, `clawed_back_minor`, `adjusted_minor`)
  VALUES (
    new.`creator_id`, new.`currency`, strftime('%Y-%m', new.`created_at` / 1000, 'unixepoch'), new.`amount_minor`,
    CASE WHEN new.`kind` = 'earning' THEN new.`amount_minor` ELSE 0 END,
    CASE WHEN new.`kind` = 'earning' THEN 1 ELSE 0 END,
    CASE WHEN new.`kind` IN ('transfer', 'reversal') THEN -new.`amount_minor` ELSE 0 END,
    CASE WHEN new.`kind` = 'clawback' THEN -new.`amount_minor` ELSE 0 END,
    CASE WHEN new.`kind` = 'adjustment' THEN new.`amount_minor` ELSE 0 END
  )
  ON CONFLICT (`creator_id`, `currency`, `month`) DO UPDATE SET
    `net_minor` = `net_minor` + excluded.`net_minor`,
    `earned_minor` = `earned_minor` + excluded.`earned_minor`,
    `earnings` = `earnings` + excluded.`earnings`,
    `paid_minor` = `paid_minor` + excluded.`paid_minor`,
    `clawed_back_minor` = `clawed_back_minor` + excluded.`clawed_back_minor`,
    `adjusted_minor` = `adjusted_minor` + excluded.`adjusted_minor`;
END;
--> statement-breakpoint
INSERT INTO `creator_ledger_months` (`creator_id`, `currency`, `month`, `net_minor`, `earned_minor`, `earnings`, `paid_minor`, `clawed_back_minor`, `adjusted_minor`)
SELECT `creator_id`, `currency`, strftime('%Y-%m', `created_at` / 1000, 'unixepoch'), sum(`amount_minor`),
  sum(CASE WHEN `kind` = 'earning' THEN `amount_minor` ELSE 0 END),
  sum(CASE WHEN `kind` = 'earning' THEN 1 ELSE 0 END),
  sum(CASE WHEN `kind` IN ('transfer', 'reversal') THEN -`amount_minor` ELSE 0 END),
  sum(CASE WHEN `kind` = 'clawback' THEN -`amount_minor` ELSE 0 END),
  sum(CASE WHEN `kind` = 'adjustment' THEN `amount_minor` ELSE 0 END)
FROM `ledger_entries` GROUP BY `creator_id`, `currency`, strftime('%Y-%m', `created_at` / 1000, 'unixepoch');
--> statement-breakpoint
CREATE TRIGGER `creator_ledger_months_version` AFTER UPDATE OF `net_minor`, `earned_minor`, `earnings`, `paid_minor`, `clawed_back_minor`, `adjusted_minor` ON `creator_ledger_months` BEGIN
  UPDATE `creator_ledger_months` SET `version` = `version` + 1 WHERE `creator_id` = new.`creator_id` AND `currency` = new.`currency` AND `month` = new.`month`;
END;
