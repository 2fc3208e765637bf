CREATE INDEX `order_refunds_refunded_idx` ON `order_refunds` (`refunded_at`);--> statement-breakpoint
CREATE INDEX `orders_invoice_issued_idx` ON `orders` (`invoice_issued_at`);