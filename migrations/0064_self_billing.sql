CREATE TABLE `self_billed_invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`creator_id` integer NOT NULL,
	`number` integer NOT NULL,
	`month` text NOT NULL,
	`currency` text NOT NULL,
	`total_minor` integer NOT NULL,
	`tax_minor` integer NOT NULL,
	`rate_bp` integer NOT NULL,
	`tax_name` text NOT NULL,
	`tax_note` text,
	`supplier_kind` text NOT NULL,
	`supplier_name` text NOT NULL,
	`supplier_address` text NOT NULL,
	`supplier_country` text NOT NULL,
	`supplier_vat_number` text,
	`supplier_company_number` text,
	`customer_name` text NOT NULL,
	`customer_address` text NOT NULL,
	`customer_tax_id` text,
	`agreement_accepted_at` integer NOT NULL,
	`issued_at` integer NOT NULL,
	FOREIGN KEY (`creator_id`) REFERENCES `creators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `self_billed_invoices_number_unique` ON `self_billed_invoices` (`creator_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `self_billed_invoices_month_unique` ON `self_billed_invoices` (`creator_id`,`month`,`currency`);--> statement-breakpoint
CREATE INDEX `self_billed_invoices_issued_idx` ON `self_billed_invoices` (`issued_at`);--> statement-breakpoint
CREATE TABLE `self_billing_agreements` (
	`creator_id` integer PRIMARY KEY NOT NULL,
	`agreement_text` text NOT NULL,
	`accepted_at` integer NOT NULL,
	`ended_at` integer,
	`last_month` text,
	`invoiced_through` text NOT NULL,
	FOREIGN KEY (`creator_id`) REFERENCES `creators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `self_billing_agreements_invoiced_idx` ON `self_billing_agreements` (`invoiced_through`);--> statement-breakpoint
CREATE TABLE `self_billing_rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`country` text NOT NULL,
	`supplier_kind` text NOT NULL,
	`rate_bp` integer NOT NULL,
	`note` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `self_billing_rules_country_kind_unique` ON `self_billing_rules` (`country`,`supplier_kind`);--> statement-breakpoint
ALTER TABLE `shop_settings` ADD `self_billing_agreement` text;