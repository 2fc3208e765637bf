ALTER TABLE `admins` ADD `failed_password_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `admins` ADD `password_locked_until` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `failed_password_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `password_locked_until` integer DEFAULT 0 NOT NULL;