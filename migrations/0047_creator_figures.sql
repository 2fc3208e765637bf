CREATE TABLE `creator_figures` (
	`creator_id` integer PRIMARY KEY NOT NULL,
	`completed` integer DEFAULT 0 NOT NULL,
	`measured` integer DEFAULT 0 NOT NULL,
	`on_time` integer DEFAULT 0 NOT NULL,
	`rating_count` integer DEFAULT 0 NOT NULL,
	`rating_sum` integer DEFAULT 0 NOT NULL,
	`rating_rank` integer DEFAULT 0 NOT NULL,
	`recent_completed` integer DEFAULT 0 NOT NULL,
	`window_from` text DEFAULT '' NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`creator_id`) REFERENCES `creators`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `creator_figures_rank_idx` ON `creator_figures` (recent_completed DESC,rating_rank DESC,`creator_id`);--> statement-breakpoint
CREATE INDEX `creator_figures_window_idx` ON `creator_figures` (`window_from`);--> statement-breakpoint
CREATE TABLE `creator_months` (
	`creator_id` integer NOT NULL,
	`month` text NOT NULL,
	`completed` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`creator_id`, `month`),
	FOREIGN KEY (`creator_id`) REFERENCES `creators`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `orders` ADD `completed_at` integer;--> statement-breakpoint
ALTER TABLE `reviews` ADD `creator_id` integer REFERENCES creators(id);--> statement-breakpoint
CREATE INDEX `reviews_creator_created_idx` ON `reviews` (`creator_id`,`hidden_at`,`created_at`,`id`);--> statement-breakpoint
-- Creators' figures, kept by triggers (written by hand: drizzle-kit does not model triggers) as the
-- rows they count change, whichever code path writes them. Every creator has a row from the start.
CREATE TRIGGER `creator_figures_new` AFTER INSERT ON `creators` BEGIN
  INSERT INTO `creator_figures` (`creator_id`, `window_from`) VALUES (new.`id`, strftime('%Y-%m', 'now', 'start of month', '-11 months')) ON CONFLICT DO NOTHING;
END;
--> statement-breakpoint
INSERT INTO `creator_figures` (`creator_id`, `window_from`) SELECT `id`, strftime('%Y-%m', 'now', 'start of month', '-11 months') FROM `creators`;
--> statement-breakpoint
-- Orders completed before this migration: when their timeline says they completed (else their last change).
UPDATE `orders` SET `completed_at` = coalesce((SELECT max(e.`created_at`) FROM `order_events` e WHERE e.`order_id` = `orders`.`id` AND e.`to_status` = 'completed'), `updated_at`, `created_at`) WHERE `work_status` = 'completed';
--> statement-breakpoint
-- An order that completes (or is written completed, as the demo seed does) notes when, and credits
-- the creator assigned to it then: one completed order, measured (started and delivered) and on
-- time (first delivered within its promised days) where it was, in the month it completed, and in
-- the last 12 months where that month is inside the row's window.
CREATE TRIGGER `orders_completed` AFTER UPDATE OF `work_status` ON `orders` WHEN new.`work_status` = 'completed' AND old.`work_status` IS NOT 'completed' BEGIN
  UPDATE `orders` SET `completed_at` = coalesce(new.`completed_at`, CAST(unixepoch('subsec') * 1000 AS INTEGER)) WHERE `id` = new.`id`;
  INSERT INTO `creator_figures` (`creator_id`, `completed`, `measured`, `on_time`, `recent_completed`, `window_from`)
    SELECT `creator_id`, 1, (`work_started_at` IS NOT NULL AND `first_delivered_at` IS NOT NULL), coalesce(`first_delivered_at` <= `work_started_at` + `delivery_days` * 86400000, 0),
      strftime('%Y-%m', `completed_at` / 1000, 'unixepoch') >= strftime('%Y-%m', 'now', 'start of month', '-11 months'), strftime('%Y-%m', 'now', 'start of month', '-11 months')
    FROM `orders` WHERE `id` = new.`id` AND `creator_id` IS NOT NULL
    ON CONFLICT (`creator_id`) DO UPDATE SET `completed` = `completed` + 1, `measured` = `measured` + excluded.`measured`, `on_time` = `on_time` + excluded.`on_time`,
      `recent_completed` = `recent_completed` + (strftime('%Y-%m', (SELECT `completed_at` FROM `orders` WHERE `id` = new.`id`) / 1000, 'unixepoch') >= `window_from`);
  INSERT INTO `creator_months` (`creator_id`, `month`, `completed`)
    SELECT `creator_id`, strftime('%Y-%m', `completed_at` / 1000, 'unixepoch'), 1 FROM `orders` WHERE `id` = new.`id` AND `creator_id` IS NOT NULL
    ON CONFLICT (`creator_id`, `month`) DO UPDATE SET `completed` = `completed` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_inserted_completed` AFTER INSERT ON `orders` WHEN new.`work_status` = 'completed' BEGIN
  UPDATE `orders` SET `completed_at` = coalesce(new.`completed_at`, CAST(unixepoch('subsec') * 1000 AS INTEGER)) WHERE `id` = new.`id`;
  INSERT INTO `creator_figures` (`creator_id`, `completed`, `measured`, `on_time`, `recent_completed`, `window_from`)
    SELECT `creator_id`, 1, (`work_started_at` IS NOT NULL AND `first_delivered_at` IS NOT NULL), coalesce(`first_delivered_at` <= `work_started_at` + `delivery_days` * 86400000, 0),
      strftime('%Y-%m', `completed_at` / 1000, 'unixepoch') >= strftime('%Y-%m', 'now', 'start of month', '-11 months'), strftime('%Y-%m', 'now', 'start of month', '-11 months')
    FROM `orders` WHERE `id` = new.`id` AND `creator_id` IS NOT NULL
    ON CONFLICT (`creator_id`) DO UPDATE SET `completed` = `completed` + 1, `measured` = `measured` + excluded.`measured`, `on_time` = `on_time` + excluded.`on_time`,
      `recent_completed` = `recent_completed` + (strftime('%Y-%m', (SELECT `completed_at` FROM `orders` WHERE `id` = new.`id`) / 1000, 'unixepoch') >= `window_from`);
  INSERT INTO `creator_months` (`creator_id`, `month`, `completed`)
    SELECT `creator_id`, strftime('%Y-%m', `completed_at` / 1000, 'unixepoch'), 1 FROM `orders` WHERE `id` = new.`id` AND `creator_id` IS NOT NULL
    ON CONFLICT (`creator_id`, `month`) DO UPDATE SET `completed` = `completed` + 1;
END;
--> statement-breakpoint
-- A completed order deleted (a test's clean-up; the shop never deletes one) leaves its creator's figures.
CREATE TRIGGER `orders_completed_delete` AFTER DELETE ON `orders` WHEN old.`work_status` = 'completed' AND old.`creator_id` IS NOT NULL BEGIN
  UPDATE `creator_figures` SET `completed` = `completed` - 1, `measured` = `measured` - (old.`work_started_at` IS NOT NULL AND old.`first_delivered_at` IS NOT NULL),
    `on_time` = `on_time` - coalesce(old.`first_delivered_at` <= old.`work_started_at` + old.`delivery_days` * 86400000, 0),
    `recent_completed` = `recent_completed` - (strftime('%Y-%m', old.`completed_at` / 1000, 'unixepoch') >= `window_from`)
    WHERE `creator_id` = old.`creator_id`;
  UPDATE `creator_months` SET `completed` = `completed` - 1 WHERE `creator_id` = old.`creator_id` AND `month` = strftime('%Y-%m', old.`completed_at` / 1000, 'unixepoch');
END;
--> statement-breakpoint
-- Completed orders already credited to a creator.
INSERT INTO `creator_months` (`creator_id`, `month`, `completed`)
  SELECT `creator_id`, strftime('%Y-%m', `completed_at` / 1000, 'unixepoch'), count(*) FROM `orders` WHERE `work_status` = 'completed' AND `creator_id` IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
UPDATE `creator_figures` SET
  `completed` = (SELECT count(*) FROM `orders` o WHERE o.`creator_id` = `creator_figures`.`creator_id` AND o.`work_status` = 'completed'),
  `measured` = (SELECT count(*) FROM `orders` o WHERE o.`creator_id` = `creator_figures`.`creator_id` AND o.`work_status` = 'completed' AND o.`work_started_at` IS NOT NULL AND o.`first_delivered_at` IS NOT NULL),
  `on_time` = (SELECT count(*) FROM `orders` o WHERE o.`creator_id` = `creator_figures`.`creator_id` AND o.`work_status` = 'completed' AND o.`first_delivered_at` <= o.`work_started_at` + o.`delivery_days` * 86400000),
  `recent_completed` = (SELECT coalesce(sum(m.`completed`), 0) FROM `creator_months` m WHERE m.`creator_id` = `creator_figures`.`creator_id` AND m.`month` >= `creator_figures`.`window_from`);
--> statement-breakpoint
-- A review credits the creator its order was credited to; their shown reviews are counted as they
-- are written, edited, hidden and shown again.
CREATE TRIGGER `reviews_creator` AFTER INSERT ON `reviews` BEGIN
  UPDATE `reviews` SET `creator_id` = (SELECT `creator_id` FROM `orders` WHERE `id` = new.`order_id`) WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `creator_ratings_move` AFTER UPDATE OF `rating`, `hidden_at`, `creator_id` ON `reviews`
  WHEN old.`creator_id` IS NOT new.`creator_id` OR old.`rating` IS NOT new.`rating` OR (old.`hidden_at` IS NULL) IS NOT (new.`hidden_at` IS NULL) BEGIN
  UPDATE `creator_figures` SET `rating_count` = `rating_count` - 1, `rating_sum` = `rating_sum` - old.`rating`,
    `rating_rank` = CASE WHEN `rating_count` > 1 THEN (`rating_sum` - old.`rating`) * 100 / (`rating_count` - 1) ELSE 0 END
    WHERE `creator_id` = old.`creator_id` AND old.`hidden_at` IS NULL;
  UPDATE `creator_figures` SET `rating_count` = `rating_count` + 1, `rating_sum` = `rating_sum` + new.`rating`, `rating_rank` = (`rating_sum` + new.`rating`) * 100 / (`rating_count` + 1)
    WHERE `creator_id` = new.`creator_id` AND new.`hidden_at` IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `creator_ratings_delete` AFTER DELETE ON `reviews` WHEN old.`creator_id` IS NOT NULL AND old.`hidden_at` IS NULL BEGIN
  UPDATE `creator_figures` SET `rating_count` = `rating_count` - 1, `rating_sum` = `rating_sum` - old.`rating`,
    `rating_rank` = CASE WHEN `rating_count` > 1 THEN (`rating_sum` - old.`rating`) * 100 / (`rating_count` - 1) ELSE 0 END
    WHERE `creator_id` = old.`creator_id`;
END;
--> statement-breakpoint
UPDATE `reviews` SET `creator_id` = (SELECT `creator_id` FROM `orders` WHERE `orders`.`id` = `reviews`.`order_id`);
--> statement-breakpoint
CREATE TRIGGER `creator_figures_version` AFTER UPDATE OF `completed`, `measured`, `on_time`, `rating_count`, `rating_sum`, `rating_rank` ON `creator_figures` BEGIN
  UPDATE `creator_figures` SET `version` = `version` + 1 WHERE `creator_id` = new.`creator_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `creator_months_version` AFTER UPDATE OF `completed` ON `creator_months` BEGIN
  UPDATE `creator_months` SET `version` = `version` + 1 WHERE `creator_id` = new.`creator_id` AND `month` = new.`month`;
END;
--> statement-breakpoint
-- Creators the public sees (active or away, with a profile address, not erased): how many, in each
-- country, with each skill, and with each skill in each country (kept_counts `creators` key '';
-- `creator_country` key the country code; `creator_skill` key the skill; `creator_skill_country` key
-- the skill and the country, joined by the unit separator char(31)). The landing page's count and the creators list's counts read them.
CREATE TRIGGER `kept_creators_insert` AFTER INSERT ON `creators` WHEN new.`status` IN ('active', 'away') AND new.`slug` IS NOT NULL AND new.`erased_at` IS NULL BEGIN
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT 'creators', '', 1, 0 WHERE new.`status` IN ('active', 'away') AND new.`slug` IS NOT NULL AND new.`erased_at` IS NULL ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + 1;
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT 'creator_country', new.`country`, 1, 0 WHERE new.`status` IN ('active', 'away') AND new.`slug` IS NOT NULL AND new.`erased_at` IS NULL AND new.`country` IS NOT NULL ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + 1;
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT DISTINCT 'creator_skill', j.`value`, 1, 0 FROM json_each(new.`skills`) j WHERE new.`status` IN ('active', 'away') AND new.`slug` IS NOT NULL AND new.`erased_at` IS NULL AND true ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + 1;
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT DISTINCT 'creator_skill_country', j.`value` || char(31) || new.`country`, 1, 0 FROM json_each(new.`skills`) j WHERE new.`status` IN ('active', 'away') AND new.`slug` IS NOT NULL AND new.`erased_at` IS NULL AND new.`country` IS NOT NULL AND true ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_creators_move` AFTER UPDATE OF `status`, `slug`, `erased_at`, `country`, `skills` ON `creators` BEGIN
  UPDATE `kept_counts` SET `n` = `n` - 1 WHERE old.`status` IN ('active', 'away') AND old.`slug` IS NOT NULL AND old.`erased_at` IS NULL AND `scope` = 'creators' AND `key` = '';
  UPDATE `kept_counts` SET `n` = `n` - 1 WHERE old.`status` IN ('active', 'away') AND old.`slug` IS NOT NULL AND old.`erased_at` IS NULL AND `scope` = 'creator_country' AND `key` = old.`country`;
  UPDATE `kept_counts` SET `n` = `n` - 1 WHERE old.`status` IN ('active', 'away') AND old.`slug` IS NOT NULL AND old.`erased_at` IS NULL AND `scope` = 'creator_skill' AND `key` IN (SELECT j.`value` FROM json_each(old.`skills`) j);
  UPDATE `kept_counts` SET `n` = `n` - 1 WHERE old.`status` IN ('active', 'away') AND old.`slug` IS NOT NULL AND old.`erased_at` IS NULL AND `scope` = 'creator_skill_country' AND `key` IN (SELECT j.`value` || char(31) || old.`country` FROM json_each(old.`skills`) j);
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT 'creators', '', 1, 0 WHERE new.`status` IN ('active', 'away') AND new.`slug` IS NOT NULL AND new.`erased_at` IS NULL ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + 1;
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT 'creator_country', new.`country`, 1, 0 WHERE new.`status` IN ('active', 'away') AND new.`slug` IS NOT NULL AND new.`erased_at` IS NULL AND new.`country` IS NOT NULL ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + 1;
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT DISTINCT 'creator_skill', j.`value`, 1, 0 FROM json_each(new.`skills`) j WHERE new.`status` IN ('active', 'away') AND new.`slug` IS NOT NULL AND new.`erased_at` IS NULL AND true ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + 1;
  INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT DISTINCT 'creator_skill_country', j.`value` || char(31) || new.`country`, 1, 0 FROM json_each(new.`skills`) j WHERE new.`status` IN ('active', 'away') AND new.`slug` IS NOT NULL AND new.`erased_at` IS NULL AND new.`country` IS NOT NULL AND true ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `kept_creators_delete` AFTER DELETE ON `creators` WHEN old.`status` IN ('active', 'away') AND old.`slug` IS NOT NULL AND old.`erased_at` IS NULL BEGIN
  UPDATE `kept_counts` SET `n` = `n` - 1 WHERE old.`status` IN ('active', 'away') AND old.`slug` IS NOT NULL AND old.`erased_at` IS NULL AND `scope` = 'creators' AND `key` = '';
  UPDATE `kept_counts` SET `n` = `n` - 1 WHERE old.`status` IN ('active', 'away') AND old.`slug` IS NOT NULL AND old.`erased_at` IS NULL AND `scope` = 'creator_country' AND `key` = old.`country`;
  UPDATE `kept_counts` SET `n` = `n` - 1 WHERE old.`status` IN ('active', 'away') AND old.`slug` IS NOT NULL AND old.`erased_at` IS NULL AND `scope` = 'creator_skill' AND `key` IN (SELECT j.`value` FROM json_each(old.`skills`) j);
  UPDATE `kept_counts` SET `n` = `n` - 1 WHERE old.`status` IN ('active', 'away') AND old.`slug` IS NOT NULL AND old.`erased_at` IS NULL AND `scope` = 'creator_skill_country' AND `key` IN (SELECT j.`value` || char(31) || old.`country` FROM json_each(old.`skills`) j);
END;
--> statement-breakpoint
INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT 'creators', '', count(*), 0 FROM `creators` WHERE `status` IN ('active', 'away') AND `slug` IS NOT NULL AND `erased_at` IS NULL
  ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = excluded.`n`;
--> statement-breakpoint
INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT 'creator_country', `country`, count(*), 0 FROM `creators` WHERE `status` IN ('active', 'away') AND `slug` IS NOT NULL AND `erased_at` IS NULL AND `country` IS NOT NULL GROUP BY `country`
  ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = excluded.`n`;
--> statement-breakpoint
INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT 'creator_skill', j.`value`, count(DISTINCT c.`id`), 0 FROM `creators` c, json_each(c.`skills`) j
  WHERE c.`status` IN ('active', 'away') AND c.`slug` IS NOT NULL AND c.`erased_at` IS NULL GROUP BY j.`value`
  ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = excluded.`n`;
--> statement-breakpoint
INSERT INTO `kept_counts` (`scope`, `key`, `n`, `minor`) SELECT 'creator_skill_country', j.`value` || char(31) || c.`country`, count(DISTINCT c.`id`), 0 FROM `creators` c, json_each(c.`skills`) j
  WHERE c.`status` IN ('active', 'away') AND c.`slug` IS NOT NULL AND c.`erased_at` IS NULL AND c.`country` IS NOT NULL GROUP BY 1, 2
  ON CONFLICT (`scope`, `key`) DO UPDATE SET `n` = excluded.`n`;
