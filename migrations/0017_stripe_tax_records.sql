ALTER TABLE `order_refunds` ADD `tax_reversal_id` text;--> statement-breakpoint
ALTER TABLE `order_refunds` ADD `tax_record_pending` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `order_refunds_tax_record_pending_idx` ON `order_refunds` (`id`) WHERE tax_record_pending = 1;--> statement-breakpoint
ALTER TABLE `orders` ADD `tax_calculation_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `tax_transaction_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `tax_record_pending` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `orders_tax_record_pending_idx` ON `orders` (`id`) WHERE tax_record_pending = 1;