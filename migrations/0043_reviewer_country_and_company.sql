ALTER TABLE `reviews` ADD `reviewer_country` text;--> statement-breakpoint
ALTER TABLE `reviews` ADD `reviewer_company` text;--> statement-breakpoint
-- Reviews written before: the billing country of their order, where the order still has its copy of it.
UPDATE `reviews` SET `reviewer_country` = (
  SELECT json_extract(`orders`.`billing_snapshot`, '$.country') FROM `orders` WHERE `orders`.`id` = `reviews`.`order_id` AND json_valid(`orders`.`billing_snapshot`)
) WHERE `user_id` IS NOT NULL;
