CREATE TABLE `stage_sign_offs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`stage` integer NOT NULL,
	`delivery_id` integer,
	`version` integer NOT NULL,
	`signer_kind` text NOT NULL,
	`guest_id` integer,
	`decision` text NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`delivery_id`) REFERENCES `order_deliveries`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`guest_id`) REFERENCES `order_guests`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `stage_sign_offs_order_delivery_idx` ON `stage_sign_offs` (`order_id`,`delivery_id`);--> statement-breakpoint
CREATE INDEX `stage_sign_offs_delivery_idx` ON `stage_sign_offs` (`delivery_id`);--> statement-breakpoint
CREATE INDEX `stage_sign_offs_guest_idx` ON `stage_sign_offs` (`guest_id`);--> statement-breakpoint
ALTER TABLE `order_guests` ADD `approver` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `order_guests` ADD `approver_named_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `approvers_required` integer;