CREATE TABLE `product_ratings` (
	`product_id` integer PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`sum` integer DEFAULT 0 NOT NULL,
	`stars_1` integer DEFAULT 0 NOT NULL,
	`stars_2` integer DEFAULT 0 NOT NULL,
	`stars_3` integer DEFAULT 0 NOT NULL,
	`stars_4` integer DEFAULT 0 NOT NULL,
	`stars_5` integer DEFAULT 0 NOT NULL,
	`hidden` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`user_id` integer,
	`reviewer_name` text NOT NULL,
	`package_name` text NOT NULL,
	`rating` integer NOT NULL,
	`title` text,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`edited_at` integer,
	`reply` text,
	`replied_at` integer,
	`hidden_at` integer,
	`hidden_reason` text,
	`hidden_by` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "reviews_rating_range" CHECK("reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_order_unique` ON `reviews` (`order_id`);--> statement-breakpoint
CREATE INDEX `reviews_product_created_idx` ON `reviews` (`product_id`,`hidden_at`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `reviews_product_rating_idx` ON `reviews` (`product_id`,`hidden_at`,`rating`,`created_at`,`id`);