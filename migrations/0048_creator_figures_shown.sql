DROP INDEX `creator_figures_rank_idx`;--> statement-breakpoint
ALTER TABLE `creator_figures` ADD `shown` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `creator_figures` ADD `country` text;--> statement-breakpoint
CREATE INDEX `creator_figures_country_rank_idx` ON `creator_figures` (`shown`,`country`,recent_completed DESC,rating_rank DESC,`creator_id`);--> statement-breakpoint
CREATE INDEX `creator_figures_rank_idx` ON `creator_figures` (`shown`,recent_completed DESC,rating_rank DESC,`creator_id`);--> statement-breakpoint
-- Whether the public sees the creator, and their country, copied onto their figures' row so the
-- list walks only the rows it may show (by country too) in rank order.
UPDATE `creator_figures` SET
  `shown` = (SELECT c.`status` IN ('active', 'away') AND c.`slug` IS NOT NULL AND c.`erased_at` IS NULL FROM `creators` c WHERE c.`id` = `creator_figures`.`creator_id`),
  `country` = (SELECT c.`country` FROM `creators` c WHERE c.`id` = `creator_figures`.`creator_id`);
--> statement-breakpoint
DROP TRIGGER `creator_figures_new`;
--> statement-breakpoint
CREATE TRIGGER `creator_figures_new` AFTER INSERT ON `creators` BEGIN
  INSERT INTO `creator_figures` (`creator_id`, `window_from`, `shown`, `country`)
    VALUES (new.`id`, strftime('%Y-%m', 'now', 'start of month', '-11 months'), new.`status` IN ('active', 'away') AND new.`slug` IS NOT NULL AND new.`erased_at` IS NULL, new.`country`)
    ON CONFLICT DO NOTHING;
END;
--> statement-breakpoint
CREATE TRIGGER `creator_figures_shown` AFTER UPDATE OF `status`, `slug`, `erased_at`, `country` ON `creators` BEGIN
  UPDATE `creator_figures` SET `shown` = (new.`status` IN ('active', 'away') AND new.`slug` IS NOT NULL AND new.`erased_at` IS NULL), `country` = new.`country`
    WHERE `creator_id` = new.`id`;
END;
--> statement-breakpoint
-- Every figure of the row moves its version, the 12 months' count and the copies included: the
-- reconciliation compares them too, and repairs only a row nothing moved meanwhile.
DROP TRIGGER `creator_figures_version`;
--> statement-breakpoint
CREATE TRIGGER `creator_figures_version` AFTER UPDATE OF `completed`, `measured`, `on_time`, `rating_count`, `rating_sum`, `rating_rank`, `recent_completed`, `window_from`, `shown`, `country` ON `creator_figures` BEGIN
  UPDATE `creator_figures` SET `version` = `version` + 1 WHERE `creator_id` = new.`creator_id`;
END;
