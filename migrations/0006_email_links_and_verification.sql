CREATE TABLE `email_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`purpose` text NOT NULL,
	`kind` text NOT NULL,
	`subject_id` integer NOT NULL,
	`created_at` integer DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER)) NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_links_hash_unique` ON `email_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `email_links_subject_idx` ON `email_links` (`kind`,`subject_id`,`purpose`);--> statement-breakpoint
INSERT INTO `email_links` (`token_hash`, `purpose`, `kind`, `subject_id`, `created_at`, `expires_at`, `used_at`)
	SELECT `token_hash`, 'password_reset', `kind`, `subject_id`, `created_at`, `expires_at`, `used_at` FROM `password_resets`;--> statement-breakpoint
DROP TABLE `password_resets`;--> statement-breakpoint
ALTER TABLE `emails` ADD `headers` text;--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` integer;