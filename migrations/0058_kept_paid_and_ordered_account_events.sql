ALTER TABLE `creator_balances` ADD `paid_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payout_accounts` ADD `state_as_of` integer;--> statement-breakpoint
-- What reached each creator (transfers less reversals), kept beside their balance by the same trigger.
DROP TRIGGER IF EXISTS `ledger_entries_balance`;
--> statement-breakpoint
CREATE TRIGGER `ledger_entries_balance` AFTER INSERT ON `ledger_entries` BEGIN
  INSERT INTO `creator_balances` (`creator_id`, `currency`, `balance_minor`, `paid_minor`)
  VALUES (new.`creator_id`, new.`currency`, new.`amount_minor`, CASE WHEN new.`kind` IN ('transfer', 'reversal') THEN -new.`amount_minor` ELSE 0 END)
  ON CONFLICT (`creator_id`, `currency`) DO UPDATE SET `balance_minor` = `balance_minor` + excluded.`balance_minor`, `paid_minor` = `paid_minor` + excluded.`paid_minor`;
END;
--> statement-breakpoint
UPDATE `creator_balances` SET `paid_minor` = coalesce((SELECT -sum(l.`amount_minor`) FROM `ledger_entries` l
  WHERE l.`creator_id` = `creator_balances`.`creator_id` AND l.`currency` = `creator_balances`.`currency` AND l.`kind` IN ('transfer', 'reversal')), 0);
--> statement-breakpoint
-- A refund's clawback is the share of all the order's refunds clawed back so far, this one included, less what they took:
-- rounding once over their sum, so several small refunds take back what one refund of their total would.
-- A refund with nothing to take still writes its row (of 0): it marks the refund counted.
DROP TRIGGER IF EXISTS `order_refunds_clawback`;
--> statement-breakpoint
CREATE TRIGGER `order_refunds_clawback` AFTER UPDATE OF `status` ON `order_refunds`
WHEN new.`status` = 'succeeded' AND old.`status` IS NOT 'succeeded' AND new.`amount_minor` > new.`tax_minor` BEGIN
  INSERT INTO `ledger_entries` (`creator_id`, `order_id`, `kind`, `amount_minor`, `currency`, `idempotency_key`)
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
    e.`currency`, 'clawback-' || new.`id`
  FROM `ledger_entries` e JOIN `orders` o ON o.`id` = e.`order_id`
  WHERE e.`order_id` = new.`order_id` AND e.`kind` = 'earning' AND o.`creator_share_bp` IS NOT NULL
    AND e.`amount_minor` + coalesce((SELECT sum(c.`amount_minor`) FROM `ledger_entries` c WHERE c.`order_id` = e.`order_id` AND c.`kind` = 'clawback'), 0) > 0
  ON CONFLICT (`idempotency_key`) DO NOTHING;
END;
--> statement-breakpoint
-- A clawback of nothing (a refund counted, its share rounding to nothing so far) has nothing to settle.
DROP TRIGGER IF EXISTS `ledger_clawback_reversal`;
--> statement-breakpoint
CREATE TRIGGER `ledger_clawback_reversal` AFTER INSERT ON `ledger_entries`
WHEN new.`kind` = 'clawback' AND new.`amount_minor` < 0 BEGIN
  INSERT INTO `payouts` (`kind`, `creator_id`, `order_id`, `entry_id`, `status`, `currency`, `due_at`, `updated_at`)
  VALUES ('reversal', new.`creator_id`, new.`order_id`, new.`id`, 'scheduled', new.`currency`, CAST(unixepoch('subsec') * 1000 AS INTEGER), CAST(unixepoch('subsec') * 1000 AS INTEGER))
  ON CONFLICT (`kind`, `entry_id`) DO NOTHING;
END;
