-- The admin's customer search by name words: an FTS5 index over users.name, kept by triggers in
-- the same statement as every insert, rename and erasure (an external-content table: it stores
-- only the index, reading names from users). Written by hand: drizzle-kit does not model virtual
-- tables (ADR 026). Email prefixes are searched through users_email_unique, by range.
CREATE VIRTUAL TABLE `users_fts` USING fts5(`name`, content='users', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `users_fts`(`rowid`, `name`) SELECT `id`, `name` FROM `users`;
--> statement-breakpoint
CREATE TRIGGER `users_fts_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `users_fts`(`rowid`, `name`) VALUES (new.`id`, new.`name`);
END;
--> statement-breakpoint
CREATE TRIGGER `users_fts_delete` AFTER DELETE ON `users` BEGIN
  INSERT INTO `users_fts`(`users_fts`, `rowid`, `name`) VALUES ('delete', old.`id`, old.`name`);
END;
--> statement-breakpoint
CREATE TRIGGER `users_fts_update` AFTER UPDATE OF `name` ON `users` BEGIN
  INSERT INTO `users_fts`(`users_fts`, `rowid`, `name`) VALUES ('delete', old.`id`, old.`name`);
  INSERT INTO `users_fts`(`rowid`, `name`) VALUES (new.`id`, new.`name`);
END;
