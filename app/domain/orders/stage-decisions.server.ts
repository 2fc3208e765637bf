/**
 * The customer's decisions on a stage named by its place (`/orders/{id}/stages/{n}/…`): they act only
 * on the stage in hand, through the same moves as the order's own approve and revision calls (so a
 * screen's "Approve" and the API's stage call are one rule), and answer with the stages as they now stand.
 */
import type { Database } from "../../../db/client";
import type { MailNotice } from "../mail/order-emails.server";
import type { RevisionInput } from "~/lib/schemas/revision";
import { approveDelivery } from "./deliveries.server";
import { requestRevision } from "./revisions.server";
import { checkStageInHand, listOrderStages } from "./stages.server";
import { getWorkState } from "./work-state.server";
import { withdrawApproval } from "./sign-off.server";

/** Approves stage `n` (from 1) of the customer's order: 404 when the order or stage is not there, 409 unless it is the stage in hand and delivered. */
export async function approveStage(db: Database, notice: MailNotice, orderId: number, customerId: number, n: number, now = Date.now()) {
  await approveDelivery(db, notice, orderId, customerId, now, n - 1);
  return listOrderStages(db, orderId, { kind: "customer", id: customerId });
}

/** Asks for changes to stage `n`'s delivery (one of the stage's rounds): the stage must be the one in hand and delivered. */
export async function requestStageChanges(
  db: Database,
  notice: MailNotice,
  orderId: number,
  customerId: number,
  n: number,
  input: RevisionInput,
  now = Date.now(),
) {
  const customer = { kind: "customer" as const, id: customerId };
  checkStageInHand(await getWorkState(db, orderId, customer), n, "ask for changes to");
  await requestRevision(db, notice, orderId, customerId, input, now, undefined, n - 1);
  return listOrderStages(db, orderId, customer);
}

/** Withdraws the customer's approval of stage `n` while named approvers are still awaited: the stage must be the one in hand. */
export async function withdrawStageApproval(db: Database, notice: MailNotice, orderId: number, customerId: number, n: number, now = Date.now()) {
  const customer = { kind: "customer" as const, id: customerId };
  checkStageInHand(await getWorkState(db, orderId, customer), n, "withdraw an approval of");
  await withdrawApproval(db, notice, orderId, { kind: "customer" }, now);
  return listOrderStages(db, orderId, customer);
}
