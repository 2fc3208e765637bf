ALTER TABLE `change_offers` ADD `payment_id` integer REFERENCES order_payments(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `change_offers` ADD `accepted_told_at` integer;--> statement-breakpoint
CREATE INDEX `change_offers_payment_idx` ON `change_offers` (`payment_id`);--> statement-breakpoint
CREATE INDEX `change_offers_comment_idx` ON `change_offers` (`comment_id`);--> statement-breakpoint
ALTER TABLE `revision_requests` ADD `round_returned_at` integer;--> statement-breakpoint
-- A change the customer accepted is paid by its own later payment (purpose 'change'); its success
-- earns the order's creator their share of its net price at once, under its own key
-- ('change-earning-{payment}'), with the usual clearance. The order's other earnings telescope to
-- the share of the order's own net price: they (and the checkout refund's clawback) leave the
-- changes' earnings and clawbacks (keys 'change-…') out of their sums, so a change is neither taken
-- back at completion nor counted twice. A change paid while no creator was assigned is earned by the
-- creator who completes the order (less what was refunded of it).
CREATE TRIGGER `order_payments_change_earning` AFTER UPDATE OF `status` ON `order_payments`
WHEN new.`status` = 'succeeded' AND old.`status` NOT IN ('succeeded', 'completed', 'refunded') AND new.`purpose` = 'change' AND new.`sequence` > 1 BEGIN
  INSERT INTO `ledger_entries` (`creator_id`, `order_id`, `kind`, `amount_minor`, `currency`, `available_at`, `idempotency_key`, `reason`, `basis_minor`)
  SELECT o.`creator_id`, o.`id`, 'earning', (max(0, new.`subtotal_minor` - new.`discount_minor`) * o.`creator_share_bp` + 5000) / 10000, new.`currency`,
    CAST(unixepoch('subsec') * 1000 AS INTEGER) + coalesce((SELECT `clearance_days` FROM `payout_settings` WHERE `id` = 1), 7) * 86400000,
    'change-earning-' || new.`id`, coalesce(new.`description`, 'Change: added work'), max(0, new.`subtotal_minor` - new.`discount_minor`)
  FROM `orders` o
  WHERE o.`id` = new.`order_id` AND o.`creator_id` IS NOT NULL AND o.`creator_share_bp` IS NOT NULL AND new.`subtotal_minor` - new.`discount_minor` > 0
  ON CONFLICT (`idempotency_key`) DO NOTHING;
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `stage_decisions_earning`;
--> statement-breakpoint
CREATE TRIGGER `stage_decisions_earning` AFTER INSERT ON `stage_decisions`
WHEN new.`decision` = 'approve' BEGIN
  INSERT INTO `ledger_entries` (`creator_id`, `order_id`, `kind`, `amount_minor`, `currency`, `available_at`, `idempotency_key`, `reason`, `basis_minor`)
  SELECT s.`creator_id`, s.`order_id`, 'earning', s.`amount`, s.`currency`,
    CAST(unixepoch('subsec') * 1000 AS INTEGER) + coalesce((SELECT `clearance_days` FROM `payout_settings` WHERE `id` = 1), 7) * 86400000,
    'earning-' || s.`order_id` || '-stage-' || new.`stage`, s.`reason`, s.`basis`
  FROM (
    SELECT o.`creator_id`, o.`id` AS `order_id`, o.`currency`,
      (min(
          (SELECT sum((max(0, o.`subtotal_minor` - o.`discount_minor`) * json_extract(j.`value`, '$.share')) / 100) FROM json_each(o.`stages`) j
            WHERE CAST(j.`key` AS INTEGER) <= new.`stage`),
          max(0, o.`subtotal_minor` - o.`discount_minor` - (o.`refunded_minor` - o.`refunded_tax_minor`))
        ) * o.`creator_share_bp` + 5000) / 10000
        - coalesce((SELECT sum(e.`amount_minor`) FROM `ledger_entries` e WHERE e.`order_id` = o.`id` AND e.`kind` IN ('earning', 'clawback')
            AND e.`idempotency_key` NOT LIKE 'clawback-dispute-%' AND e.`idempotency_key` NOT LIKE 'change-%'), 0) AS `amount`,
      (max(0, o.`subtotal_minor` - o.`discount_minor`) * json_extract(o.`stages`, '$[' || new.`stage` || '].share')) / 100 AS `basis`,
      'Stage ' || (new.`stage` + 1) || ' approved: ' || json_extract(o.`stages`, '$[' || new.`stage` || '].name') AS `reason`
    FROM `orders` o
    WHERE o.`id` = new.`order_id` AND o.`creator_id` IS NOT NULL AND o.`creator_share_bp` IS NOT NULL
      AND new.`stage` < json_array_length(o.`stages`) - 1
  ) s
  WHERE s.`amount` > 0
  ON CONFLICT (`idempotency_key`) DO NOTHING;
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `orders_completed_earning`;
--> statement-breakpoint
CREATE TRIGGER `orders_completed_earning` AFTER UPDATE OF `work_status` ON `orders`
WHEN new.`work_status` = 'completed' AND old.`work_status` IS NOT 'completed' AND new.`creator_id` IS NOT NULL AND new.`creator_share_bp` IS NOT NULL BEGIN
  INSERT INTO `ledger_entries` (`creator_id`, `order_id`, `kind`, `amount_minor`, `currency`, `available_at`, `idempotency_key`, `basis_minor`)
  SELECT new.`creator_id`, new.`id`, 'earning', max(0, r.`amount`), new.`currency`,
    CAST(unixepoch('subsec') * 1000 AS INTEGER) + coalesce((SELECT `clearance_days` FROM `payout_settings` WHERE `id` = 1), 7) * 86400000,
    'earning-' || new.`id`, max(0, r.`basis`)
  FROM (
    SELECT
      (max(0, new.`subtotal_minor` - new.`discount_minor` - (new.`refunded_minor` - new.`refunded_tax_minor`)) * new.`creator_share_bp` + 5000) / 10000
        - coalesce((SELECT sum(e.`amount_minor`) FROM `ledger_entries` e WHERE e.`order_id` = new.`id` AND e.`kind` IN ('earning', 'clawback')
          AND e.`idempotency_key` NOT LIKE 'clawback-dispute-%' AND e.`idempotency_key` NOT LIKE 'change-%'), 0) AS `amount`,
      max(0, new.`subtotal_minor` - new.`discount_minor` - (new.`refunded_minor` - new.`refunded_tax_minor`))
        - coalesce((SELECT sum(coalesce(e.`basis_minor`, 0)) FROM `ledger_entries` e WHERE e.`order_id` = new.`id` AND e.`kind` IN ('earning', 'clawback')
          AND e.`idempotency_key` NOT LIKE 'clawback-dispute-%' AND e.`idempotency_key` NOT LIKE 'change-%'), 0) AS `basis`,
      EXISTS (SELECT 1 FROM `ledger_entries` e WHERE e.`order_id` = new.`id` AND e.`kind` = 'earning' AND e.`idempotency_key` NOT LIKE 'change-%') AS `staged`
  ) r
  -- An order made in one piece earns once, as always (even nothing); one whose stages earned adds a row only for what is left.
  WHERE NOT r.`staged` OR r.`amount` > 0
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
  SELECT new.`creator_id`, new.`id`, 'earning', max(0, r.`amount`), new.`currency`,
    CAST(unixepoch('subsec') * 1000 AS INTEGER) + coalesce((SELECT `clearance_days` FROM `payout_settings` WHERE `id` = 1), 7) * 86400000,
    'earning-' || new.`id`,
    'The part of the price kept when the order was cancelled',
    max(0, r.`basis`)
  FROM (
    SELECT
      ((new.`subtotal_minor` - new.`discount_minor` - (new.`refunded_minor` - new.`refunded_tax_minor`)) * new.`creator_share_bp` + 5000) / 10000
        - coalesce((SELECT sum(e.`amount_minor`) FROM `ledger_entries` e WHERE e.`order_id` = new.`id` AND e.`kind` IN ('earning', 'clawback')
          AND e.`idempotency_key` NOT LIKE 'clawback-dispute-%' AND e.`idempotency_key` NOT LIKE 'change-%'), 0) AS `amount`,
      new.`subtotal_minor` - new.`discount_minor` - (new.`refunded_minor` - new.`refunded_tax_minor`)
        - coalesce((SELECT sum(coalesce(e.`basis_minor`, 0)) FROM `ledger_entries` e WHERE e.`order_id` = new.`id` AND e.`kind` IN ('earning', 'clawback')
          AND e.`idempotency_key` NOT LIKE 'clawback-dispute-%' AND e.`idempotency_key` NOT LIKE 'change-%'), 0) AS `basis`,
      EXISTS (SELECT 1 FROM `ledger_entries` e WHERE e.`order_id` = new.`id` AND e.`kind` = 'earning' AND e.`idempotency_key` NOT LIKE 'change-%') AS `staged`
  ) r
  WHERE NOT r.`staged` OR r.`amount` > 0
  ON CONFLICT (`idempotency_key`) DO NOTHING;
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `order_refunds_clawback`;
--> statement-breakpoint
CREATE TRIGGER `order_refunds_clawback` AFTER UPDATE OF `status` ON `order_refunds`
WHEN new.`status` = 'succeeded' AND old.`status` IS NOT 'succeeded' AND new.`amount_minor` > new.`tax_minor`
  AND (new.`payment_id` IS NULL OR EXISTS (SELECT 1 FROM `order_payments` p WHERE p.`id` = new.`payment_id` AND p.`sequence` = 1))
  AND substr(new.`idempotency_key`, 1, 5) IS NOT 'stop-' BEGIN
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
      e.`amount_minor` + coalesce((SELECT sum(c.`amount_minor`) FROM `ledger_entries` c WHERE c.`order_id` = e.`order_id` AND c.`kind` = 'clawback' AND c.`idempotency_key` NOT LIKE 'change-clawback-%'), 0)
    ),
    e.`currency`, 'clawback-' || new.`id`,
    -(new.`amount_minor` - new.`tax_minor`)
  FROM (
    SELECT l.`order_id`, l.`currency`, sum(l.`amount_minor`) AS `amount_minor`,
      (SELECT n.`creator_id` FROM `ledger_entries` n WHERE n.`order_id` = l.`order_id` AND n.`kind` = 'earning' AND n.`idempotency_key` NOT LIKE 'change-earning-%' ORDER BY n.`id` DESC LIMIT 1) AS `creator_id`
    FROM `ledger_entries` l WHERE l.`order_id` = new.`order_id` AND l.`kind` = 'earning' AND l.`idempotency_key` NOT LIKE 'change-earning-%' GROUP BY l.`order_id`, l.`currency`
  ) e JOIN `orders` o ON o.`id` = e.`order_id`
  WHERE o.`creator_share_bp` IS NOT NULL
    AND e.`amount_minor` + coalesce((SELECT sum(c.`amount_minor`) FROM `ledger_entries` c WHERE c.`order_id` = e.`order_id` AND c.`kind` = 'clawback' AND c.`idempotency_key` NOT LIKE 'change-clawback-%'), 0) > 0
  ON CONFLICT (`idempotency_key`) DO NOTHING;
END;
--> statement-breakpoint
-- A refund of a change's payment takes back the share of its net part from that change's earning
-- (never more than the earning less what its refunds and lost disputes took back before), once per refund.
CREATE TRIGGER `order_refunds_change_clawback` AFTER UPDATE OF `status` ON `order_refunds`
WHEN new.`status` = 'succeeded' AND old.`status` IS NOT 'succeeded' AND new.`amount_minor` > new.`tax_minor` AND new.`payment_id` IS NOT NULL BEGIN
  INSERT INTO `ledger_entries` (`creator_id`, `order_id`, `kind`, `amount_minor`, `currency`, `idempotency_key`, `basis_minor`)
  SELECT e.`creator_id`, e.`order_id`, 'clawback',
    -min(((new.`amount_minor` - new.`tax_minor`) * o.`creator_share_bp` + 5000) / 10000,
      e.`amount_minor` + coalesce((SELECT sum(c.`amount_minor`) FROM `order_refunds` r
        JOIN `ledger_entries` c ON c.`idempotency_key` = 'change-clawback-' || r.`id`
        WHERE r.`payment_id` = new.`payment_id` AND r.`id` != new.`id`), 0)
        + coalesce((SELECT sum(c.`amount_minor`) FROM `ledger_entries` c WHERE c.`idempotency_key` LIKE 'change-clawback-dispute-' || new.`payment_id` || '-%'), 0)),
    e.`currency`, 'change-clawback-' || new.`id`, -(new.`amount_minor` - new.`tax_minor`)
  FROM `ledger_entries` e JOIN `orders` o ON o.`id` = e.`order_id`
  WHERE e.`idempotency_key` = 'change-earning-' || new.`payment_id` AND o.`creator_share_bp` IS NOT NULL
    AND e.`amount_minor` + coalesce((SELECT sum(c.`amount_minor`) FROM `order_refunds` r
        JOIN `ledger_entries` c ON c.`idempotency_key` = 'change-clawback-' || r.`id`
        WHERE r.`payment_id` = new.`payment_id` AND r.`id` != new.`id`), 0)
      + coalesce((SELECT sum(c.`amount_minor`) FROM `ledger_entries` c WHERE c.`idempotency_key` LIKE 'change-clawback-dispute-' || new.`payment_id` || '-%'), 0) > 0
  ON CONFLICT (`idempotency_key`) DO NOTHING;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_completed_change_earnings` AFTER UPDATE OF `work_status` ON `orders`
WHEN new.`work_status` = 'completed' AND old.`work_status` IS NOT 'completed' AND new.`creator_id` IS NOT NULL AND new.`creator_share_bp` IS NOT NULL BEGIN
  INSERT INTO `ledger_entries` (`creator_id`, `order_id`, `kind`, `amount_minor`, `currency`, `available_at`, `idempotency_key`, `reason`, `basis_minor`)
  SELECT new.`creator_id`, new.`id`, 'earning', (c.`net` * new.`creator_share_bp` + 5000) / 10000, c.`currency`,
    CAST(unixepoch('subsec') * 1000 AS INTEGER) + coalesce((SELECT `clearance_days` FROM `payout_settings` WHERE `id` = 1), 7) * 86400000,
    'change-earning-' || c.`id`, c.`reason`, c.`net`
  FROM (
    SELECT p.`id`, p.`currency`, coalesce(p.`description`, 'Change: added work') AS `reason`,
      max(0, p.`subtotal_minor` - p.`discount_minor` - coalesce((SELECT sum(r.`amount_minor` - r.`tax_minor`) FROM `order_refunds` r
        WHERE r.`payment_id` = p.`id` AND r.`status` = 'succeeded'), 0)) AS `net`
    FROM `order_payments` p
    WHERE p.`order_id` = new.`id` AND p.`purpose` = 'change' AND p.`sequence` > 1 AND p.`status` IN ('succeeded', 'completed', 'refunded')
  ) c
  WHERE c.`net` > 0
  ON CONFLICT (`idempotency_key`) DO NOTHING;
END;
