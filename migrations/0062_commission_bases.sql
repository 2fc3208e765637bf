ALTER TABLE `creator_ledger_months` ADD `basis_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `ledger_entries` ADD `basis_minor` integer;--> statement-breakpoint
-- Each earning keeps the net it was a share of; each refund's clawback the refund's net (negative).
DROP TRIGGER IF EXISTS `orders_completed_earning`;
--> statement-breakpoint
CREATE TRIGGER `orders_completed_earning` AFTER UPDATE OF `work_status` ON `orders`
WHEN new.`work_status` = 'completed' AND old.`work_status` IS NOT 'completed' AND new.`creator_id` IS NOT NULL AND new.`creator_share_bp` IS NOT NULL BEGIN
  INSERT INTO `ledger_entries` (`creator_id`, `order_id`, `kind`, `amount_minor`, `currency`, `available_at`, `idempotency_key`, `basis_minor`)
  SELECT new.`creator_id`, new.`id`, 'earning',
    (max(0, new.`subtotal_minor` - new.`discount_minor` - (new.`refunded_minor` - new.`refunded_tax_minor`)) * new.`creator_share_bp` + 5000) / 10000,
    new.`currency`,
    CAST(unixepoch('subsec') * 1000 AS INTEGER) + coalesce((SELECT `clearance_days` FROM `payout_settings` WHERE `id` = 1), 7) * 86400000,
    'earning-' || new.`id`,
    max(0, new.`subtotal_minor` - new.`discount_minor` - (new.`refunded_minor` - new.`refunded_tax_minor`))
  WHERE true
  ON CONFLICT (`idempotency_key`) DO NOTHING;
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `orders_cancelled_kept_earning`;
--> statement-breakpoint
CREATE TRIGGER `orders_cancelled_kept_earning` AFTER UPDATE OF `work_status` ON `orders`
WHEN new.`work_status` = 'cancelled' AND old.`work_status` IS NOT 'cancelled' AND new.`cancellation_answered_at` IS NOT NULL
  AND new.`creator_id` IS NOT NULL AND new.`creator_share_bp` IS NOT NULL
  AND new.`subtotal_minor` - new.`discount_minor` - (new.`refunded_minor` - new.`refunded_tax_minor`) > 0 BEGIN
  INSERT INTO `ledger_entries` (`creator_id`, `order_id`, `kind`, `amount_minor`, `currency`, `available_at`, `idempotency_key`, `reason`, `basis_minor`)
  SELECT new.`creator_id`, new.`id`, 'earning',
    ((new.`subtotal_minor` - new.`discount_minor` - (new.`refunded_minor` - new.`refunded_tax_minor`)) * new.`creator_share_bp` + 5000) / 10000,
    new.`currency`,
    CAST(unixepoch('subsec') * 1000 AS INTEGER) + coalesce((SELECT `clearance_days` FROM `payout_settings` WHERE `id` = 1), 7) * 86400000,
    'earning-' || new.`id`,
    'The part of the price kept when the order was cancelled',
    new.`subtotal_minor` - new.`discount_minor` - (new.`refunded_minor` - new.`refunded_tax_minor`)
  WHERE true
  ON CONFLICT (`idempotency_key`) DO NOTHING;
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `order_refunds_clawback`;
--> statement-breakpoint
CREATE TRIGGER `order_refunds_clawback` AFTER UPDATE OF `status` ON `order_refunds`
WHEN new.`status` = 'succeeded' AND old.`status` IS NOT 'succeeded' AND new.`amount_minor` > new.`tax_minor` BEGIN
  INSERT INTO `ledger_entries` (`creator_id`, `order_id`, `kind`, `amount_minor`, `currency`, `idempotency_key`, `basis_minor`)
  SELECT e.`creator_id`, e.`order_id`, 'clawback',
    -min(
      max(0,
        ((new.`amount_minor` - new.`tax_minor` + coalesce((SELECT sum(r.`amount_minor` - r.`tax_minor`) FROM `order_refunds` r
            JOIN `ledger_entries` c ON c.`idempotency_key` = 'clawback-' || r.`id`
            WHERE r.`order_id` = new.`order_id` AND r.`id` != new.`id`), 0)) * o.`creator_share_bp` + 5000) / 10000
        + coalesce((SELECT sum(c.`amount_minor`) FROM `order_refunds` r
            JOIN `ledger_entries` c ON c.`idempotency_key` = 'clawback-' || r.`id`
            WHERE r.`order_id` = new.`order_id` AND r.`id` != new.`id`), 0)),
      e.`amount_minor` + coalesce((SELECT sum(c.`amount_minor`) FROM `ledger_entries` c WHERE c.`order_id` = e.`order_id` AND c.`kind` = 'clawback'), 0)
    ),
    e.`currency`, 'clawback-' || new.`id`,
    -(new.`amount_minor` - new.`tax_minor`)
  FROM `ledger_entries` e JOIN `orders` o ON o.`id` = e.`order_id`
  WHERE e.`order_id` = new.`order_id` AND e.`kind` = 'earning' AND o.`creator_share_bp` IS NOT NULL
    AND e.`amount_minor` + coalesce((SELECT sum(c.`amount_minor`) FROM `ledger_entries` c WHERE c.`order_id` = e.`order_id` AND c.`kind` = 'clawback'), 0) > 0
  ON CONFLICT (`idempotency_key`) DO NOTHING;
END;
--> statement-breakpoint
-- The months count bases too.
DROP TRIGGER IF EXISTS `ledger_entries_month`;
--> statement-breakpoint
CREATE TRIGGER `ledger_entries_month` AFTER INSERT ON `ledger_entries` BEGIN
  INSERT INTO `creator_ledger_months` (`creator_id`, `currency`, `month`, `net_minor`, `earned_minor`, `earnings`, `paid_minor`, `clawed_back_minor`, `adjusted_minor`, `basis_minor`)
  VALUES (
    new.`creator_id`, new.`currency`, strftime('%Y-%m', new.`created_at` / 1000, 'unixepoch'), new.`amount_minor`,
    CASE WHEN new.`kind` = 'earning' THEN new.`amount_minor` ELSE 0 END,
    CASE WHEN new.`kind` = 'earning' THEN 1 ELSE 0 END,
    CASE WHEN new.`kind` IN ('transfer', 'reversal') THEN -new.`amount_minor` ELSE 0 END,
    CASE WHEN new.`kind` = 'clawback' THEN -new.`amount_minor` ELSE 0 END,
    CASE WHEN new.`kind` = 'adjustment' THEN new.`amount_minor` ELSE 0 END,
    coalesce(new.`basis_minor`, 0)
  )
  ON CONFLICT (`creator_id`, `currency`, `month`) DO UPDATE SET
    `net_minor` = `net_minor` + excluded.`net_minor`,
    `earned_minor` = `earned_minor` + excluded.`earned_minor`,
    `earnings` = `earnings` + excluded.`earnings`,
    `paid_minor` = `paid_minor` + excluded.`paid_minor`,
    `clawed_back_minor` = `clawed_back_minor` + excluded.`clawed_back_minor`,
    `adjusted_minor` = `adjusted_minor` + excluded.`adjusted_minor`,
    `basis_minor` = `basis_minor` + excluded.`basis_minor`;
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `creator_ledger_months_version`;
--> statement-breakpoint
CREATE TRIGGER `creator_ledger_months_version` AFTER UPDATE OF `net_minor`, `earned_minor`, `earnings`, `paid_minor`, `clawed_back_minor`, `adjusted_minor`, `basis_minor` ON `creator_ledger_months` BEGIN
  UPDATE `creator_ledger_months` SET `version` = `version` + 1 WHERE `creator_id` = new.`creator_id` AND `currency` = new.`currency` AND `month` = new.`month`;
END;
--> statement-breakpoint
-- Bases for the rows written before: an earning's is its order's net as it stands plus the refunds clawed back since
-- (those came after the earning); a refund's clawback is its refund's net.
UPDATE `ledger_entries` SET `basis_minor` = (
  SELECT max(0, o.`subtotal_minor` - o.`discount_minor` - (o.`refunded_minor` - o.`refunded_tax_minor`))
    + coalesce((SELECT sum(r.`amount_minor` - r.`tax_minor`) FROM `order_refunds` r
        JOIN `ledger_entries` c ON c.`idempotency_key` = 'clawback-' || r.`id` WHERE r.`order_id` = o.`id`), 0)
  FROM `orders` o WHERE o.`id` = `ledger_entries`.`order_id`
) WHERE `kind` = 'earning' AND `order_id` IS NOT NULL;
--> statement-breakpoint
UPDATE `ledger_entries` SET `basis_minor` = (
  SELECT -(r.`amount_minor` - r.`tax_minor`) FROM `order_refunds` r WHERE 'clawback-' || r.`id` = `ledger_entries`.`idempotency_key`
) WHERE `kind` = 'clawback' AND `idempotency_key` NOT LIKE 'clawback-dispute-%';
--> statement-breakpoint
UPDATE `creator_ledger_months` SET `basis_minor` = coalesce((
  SELECT sum(coalesce(l.`basis_minor`, 0)) FROM `ledger_entries` l
  WHERE l.`creator_id` = `creator_ledger_months`.`creator_id` AND l.`currency` = `creator_ledger_months`.`currency`
    AND strftime('%Y-%m', l.`created_at` / 1000, 'unixepoch') = `creator_ledger_months`.`month`
), 0);
