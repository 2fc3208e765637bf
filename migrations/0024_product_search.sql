-- The catalogue's search: an FTS5 index over each product's title, description (its heading and
-- text), services and tags, by product id (rowid). Kept by triggers in the same statement as every
-- product write, tag change and tag rename, so it is never behind. A regular FTS5 table (it keeps
-- its own copy of the text: the tags live in another table). Written by hand: drizzle-kit does not
-- model virtual tables, and `wrangler d1 export` refuses a database that has them (ADR 028).
CREATE VIRTUAL TABLE `products_fts` USING fts5(`title`, `description`, `services`, `tags`, tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `products_fts`(`rowid`, `title`, `description`, `services`, `tags`)
  SELECT p.`id`, p.`title`, p.`description_heading` || ' ' || p.`description`,
    coalesce((SELECT group_concat(j.`value`, ' ') FROM json_each(p.`services_offered`) AS j), ''),
    coalesce((SELECT group_concat(t.`name`, ' ') FROM `product_tags` AS pt JOIN `tags` AS t ON t.`id` = pt.`tag_id` WHERE pt.`product_id` = p.`id`), '')
  FROM `products` AS p;
--> statement-breakpoint
CREATE TRIGGER `products_fts_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO `products_fts`(`rowid`, `title`, `description`, `services`, `tags`) VALUES (
    new.`id`, new.`title`, new.`description_heading` || ' ' || new.`description`,
    coalesce((SELECT group_concat(j.`value`, ' ') FROM json_each(new.`services_offered`) AS j), ''), '');
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_update` AFTER UPDATE OF `title`, `description_heading`, `description`, `services_offered` ON `products` BEGIN
  UPDATE `products_fts` SET `title` = new.`title`, `description` = new.`description_heading` || ' ' || new.`description`,
    `services` = coalesce((SELECT group_concat(j.`value`, ' ') FROM json_each(new.`services_offered`) AS j), '')
  WHERE `rowid` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_delete` AFTER DELETE ON `products` BEGIN
  DELETE FROM `products_fts` WHERE `rowid` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_tags_fts_insert` AFTER INSERT ON `product_tags` BEGIN
  UPDATE `products_fts` SET `tags` = coalesce((SELECT group_concat(t.`name`, ' ') FROM `product_tags` AS pt JOIN `tags` AS t ON t.`id` = pt.`tag_id` WHERE pt.`product_id` = new.`product_id`), '')
  WHERE `rowid` = new.`product_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_tags_fts_delete` AFTER DELETE ON `product_tags` BEGIN
  UPDATE `products_fts` SET `tags` = coalesce((SELECT group_concat(t.`name`, ' ') FROM `product_tags` AS pt JOIN `tags` AS t ON t.`id` = pt.`tag_id` WHERE pt.`product_id` = old.`product_id`), '')
  WHERE `rowid` = old.`product_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `tags_fts_rename` AFTER UPDATE OF `name` ON `tags` BEGIN
  UPDATE `products_fts` SET `tags` = coalesce((SELECT group_concat(t.`name`, ' ') FROM `product_tags` AS pt JOIN `tags` AS t ON t.`id` = pt.`tag_id` WHERE pt.`product_id` = `products_fts`.`rowid`), '')
  WHERE `rowid` IN (SELECT `product_id` FROM `product_tags` WHERE `tag_id` = new.`id`);
END;
