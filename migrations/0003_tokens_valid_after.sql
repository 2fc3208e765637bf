ALTER TABLE `admins` ADD `tokens_valid_after` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `tokens_valid_after` integer DEFAULT 0 NOT NULL;