-- The search index holds the products on sale only (what the listing, the API and the suggestions
-- search), so a search reads its matches in the index alone, without a product row each. Products
-- enter it when they go on sale and leave it when they are archived or made drafts again.
DELETE FROM `products_fts` WHERE `rowid` IN (SELECT `id` FROM `products` WHERE `archived_at` IS NOT NULL OR `published_at` IS NULL);
--> statement-breakpoint
DROP TRIGGER `products_fts_insert`;
--> statement-breakpoint
CREATE TRIGGER `products_fts_insert` AFTER INSERT ON `products` WHEN new.`archived_at` IS NULL AND new.`published_at` IS NOT NULL BEGIN
  INSERT INTO `products_fts`(`rowid`, `title`, `description`, `services`, `tags`) VALUES (
    new.`id`, new.`title`, new.`description_heading` || ' ' || new.`description`,
    coalesce((SELECT group_concat(j.`value`, ' ') FROM json_each(new.`services_offered`) AS j), ''),
    coalesce((SELECT group_concat(t.`name`, ' ') FROM `product_tags` AS pt JOIN `tags` AS t ON t.`id` = pt.`tag_id` WHERE pt.`product_id` = new.`id`), ''));
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_on_sale` AFTER UPDATE OF `archived_at`, `published_at` ON `products`
  WHEN (old.`archived_at` IS NULL AND old.`published_at` IS NOT NULL) IS NOT (new.`archived_at` IS NULL AND new.`published_at` IS NOT NULL) BEGIN
  DELETE FROM `products_fts` WHERE `rowid` = new.`id`;
  INSERT INTO `products_fts`(`rowid`, `title`, `description`, `services`, `tags`)
  SELECT new.`id`, new.`title`, new.`description_heading` || ' ' || new.`description`,
    coalesce((SELECT group_concat(j.`value`, ' ') FROM json_each(new.`services_offered`) AS j), ''),
    coalesce((SELECT group_concat(t.`name`, ' ') FROM `product_tags` AS pt JOIN `tags` AS t ON t.`id` = pt.`tag_id` WHERE pt.`product_id` = new.`id`), '')
  WHERE new.`archived_at` IS NULL AND new.`published_at` IS NOT NULL;
END;
