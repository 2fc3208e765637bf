-- An order cancelled on the studio's answer with part of the price kept earns its creator the share of what was kept (net of tax), once: the same key as a completion's earning.
CREATE TRIGGER `orders_cancelled_kept_earning` AFTER UPDATE OF `work_status` ON `orders`
WHEN new.`work_status` = 'cancelled' AND old.`work_status` IS NOT 'cancelled' AND new.`cancellation_answered_at` IS NOT NULL
  AND new.`creator_id` IS NOT NULL AND new.`creator_share_bp` IS NOT NULL
  AND new.`subtotal_minor` - new.`discount_minor` - (new.`refunded_minor` - new.`refunded_tax_minor`) > 0 BEGIN
  INSERT INTO `ledger_entries` (`creator_id`, `order_id`, `kind`, `amount_minor`, `currency`, `available_at`, `idempotency_key`, `reason`)
  SELECT new.`creator_id`, new.`id`, 'earning',
    ((new.`subtotal_minor` - new.`discount_minor` - (new.`refunded_minor` - new.`refunded_tax_minor`)) * new.`creator_share_bp` + 5000) / 10000,
    new.`currency`,
    CAST(unixepoch('subsec') * 1000 AS INTEGER) + coalesce((SELECT `clearance_days` FROM `payout_settings` WHERE `id` = 1), 7) * 86400000,
    'earning-' || new.`id`,
    'The part of the price kept when the order was cancelled'
  WHERE true
  ON CONFLICT (`idempotency_key`) DO NOTHING;
END;
