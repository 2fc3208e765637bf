-- An admin's adjustment in the creator's favour is paid like a cleared earning: one transfer, due at once.
-- One taken from them (negative) has no payout: the creator's kept balance carries it against their next transfers.
CREATE TRIGGER `ledger_adjustment_transfer` AFTER INSERT ON `ledger_entries`
WHEN new.`kind` = 'adjustment' AND new.`amount_minor` > 0 BEGIN
  INSERT INTO `payouts` (`kind`, `creator_id`, `order_id`, `entry_id`, `status`, `currency`, `due_at`, `updated_at`)
  VALUES ('transfer', new.`creator_id`, NULL, new.`id`, 'scheduled', new.`currency`, CAST(unixepoch('subsec') * 1000 AS INTEGER), CAST(unixepoch('subsec') * 1000 AS INTEGER))
  ON CONFLICT (`kind`, `entry_id`) DO NOTHING;
END;
