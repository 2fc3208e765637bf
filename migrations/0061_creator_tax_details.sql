CREATE TABLE `creator_tax_details` (
	`creator_id` integer PRIMARY KEY NOT NULL,
	`entity` text NOT NULL,
	`legal_name` text NOT NULL,
	`date_of_birth` text,
	`company_number` text,
	`taxpayer_id` text NOT NULL,
	`vat_number` text,
	`street` text NOT NULL,
	`city` text NOT NULL,
	`state` text,
	`zip_code` text,
	`country` text NOT NULL,
	`kept_until` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`creator_id`) REFERENCES `creators`(`id`) ON UPDATE no action ON DELETE no action
);
