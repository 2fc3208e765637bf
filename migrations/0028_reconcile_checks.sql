CREATE TABLE `reconcile_checks` (
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`snapshot` text,
	`a` integer DEFAULT 0 NOT NULL,
	`b` integer DEFAULT 0 NOT NULL,
	`c` integer DEFAULT 0 NOT NULL,
	`d` integer DEFAULT 0 NOT NULL,
	`e` integer DEFAULT 0 NOT NULL,
	`f` integer DEFAULT 0 NOT NULL,
	`g` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`kind`, `key`)
);
