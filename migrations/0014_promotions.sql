CREATE TABLE `promotion_products` (
	`promotion_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	PRIMARY KEY(`promotion_id`, `product_id`),
	FOREIGN KEY (`promotion_id`) REFERENCES `promotions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `promotion_redemptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`promotion_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`status` text DEFAULT 'reserved' NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`promotion_id`) REFERENCES `promotions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promotion_redemptions_order_unique` ON `promotion_redemptions` (`order_id`);--> statement-breakpoint
CREATE INDEX `promotion_redemptions_promotion_idx` ON `promotion_redemptions` (`promotion_id`,`status`);--> statement-breakpoint
CREATE INDEX `promotion_redemptions_user_idx` ON `promotion_redemptions` (`user_id`,`status`,`promotion_id`);--> statement-breakpoint
CREATE TABLE `promotions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`percent_off` integer,
	`amount_off_minor` integer,
	`currency` text,
	`all_products` integer DEFAULT true NOT NULL,
	`starts_at` integer,
	`ends_at` integer,
	`max_redemptions` integer,
	`once_per_customer` integer DEFAULT false NOT NULL,
	`first_order_only` integer DEFAULT false NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	CONSTRAINT "promotions_code_upper" CHECK("promotions"."code" = upper("promotions"."code") AND length("promotions"."code") BETWEEN 3 AND 32),
	CONSTRAINT "promotions_one_discount" CHECK(("promotions"."percent_off" BETWEEN 1 AND 100 AND "promotions"."amount_off_minor" IS NULL AND "promotions"."currency" IS NULL) OR ("promotions"."percent_off" IS NULL AND "promotions"."amount_off_minor" > 0 AND "promotions"."currency" IS NOT NULL)),
	CONSTRAINT "promotions_cap" CHECK("promotions"."max_redemptions" IS NULL OR "promotions"."max_redemptions" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promotions_code_unique` ON `promotions` (`code`);--> statement-breakpoint
ALTER TABLE `orders` ADD `promotion_id` integer REFERENCES promotions(id);