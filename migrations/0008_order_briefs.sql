CREATE TABLE `order_briefs` (
	`order_id` integer PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`audience` text,
	`style` text,
	`references` text NOT NULL,
	`must_haves` text,
	`deadline_wish` text,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
