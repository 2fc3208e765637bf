/**
 * Sign-off (app/lib/rules/sign-off.ts): the customer names required approvers among the order's guests
 * and chooses every one of them or any N. The delivery under review (a stage's, or an order's made in
 * one piece) is approved when the customer and the required approvers have approved it:
 *
 * - an approval that leaves others still awaited is a row of `stage_sign_offs`, written only while it
 *   still leaves them awaited (so two approvals at once cannot both be "not the last" and leave the
 *   delivery hanging), and it may be withdrawn until the delivery is approved;
 * - the approval that completes the set is the order's approve move itself (deliveries.server.ts),
 *   whose write re-checks, in SQL, that the set is complete counting it: of two last approvals at once
 *   one lands, the other is told the stage is approved;
 * - when the review window passes, the timer approves as before and records who never answered.
 *
 * Approvers sign in with their guest link, which lives while the order is open. Its token is derived
 * from TOKEN_SECRET and the invitation (review-guests.server.ts), so the emails that ask an approver for
 * their sign-off can carry it again; a link from before that is reissued when its guest is named.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { createElement } from "react";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../../db/client";
import { orderDeliveries, orderGuests, orders, products, stageSignOffs, users } from "../../../db/schema";
import { rowOf } from "../../../db/insert-select";
import { refuse } from "../refusal";
import { queueEmail } from "../mail/mail.server";
import type { MailNotice } from "../mail/order-emails.server";
import { WorkUpdateEmail } from "../mail/templates";
import { sha256 } from "~/domain/crypto.server";
import { approvalsNeeded, SIGN_OFF_MESSAGES, SIGN_OFFS_PER_SIGNER_PER_VERSION, signedOff, signOffRuleText } from "~/lib/rules/sign-off";
import { AUTO_COMPLETE_DAYS } from "~/lib/rules/work-status";
import type { ApproversInput } from "~/lib/schemas/approvers";
import type { RevisionInput } from "~/lib/schemas/revision";
import { requestRevision } from "./revisions.server";
import { paths } from "~/lib/paths";
import { SHOP } from "~/lib/shop";
import { guestLinkToken } from "./review-guests.server";
import { getWorkState, type WorkState } from "./work-state.server";

/** Who signs: the order's customer, or one of its named approvers (their guest row). */
export type Signer = { kind: "customer" } | { kind: "guest"; guestId: number };

const OPEN_STATUSES = ["awaiting_brief", "scheduled", "in_progress", "delivered", "revision_requested"] as const;

/** The decision a signer last made on a delivery, in SQL (null when none). */
function latestDecision(orderId: number, deliveryId: number | SQL, signer: { kind: "customer" } | { kind: "guest"; guestId: number | SQL }) {
  const who = signer.kind === "customer" ? sql`s.signer_kind = 'customer'` : sql`s.signer_kind = 'guest' AND s.guest_id = ${signer.guestId}`;
  return sql`(SELECT s.decision FROM ${stageSignOffs} s WHERE s.order_id = ${orderId} AND s.delivery_id = ${deliveryId} AND ${who} ORDER BY s.id DESC LIMIT 1)`;
}

/** The order's live approvers, in SQL: named, not revoked (their link lives while the order is open). */
const liveApprovers = (orderId: number) => sql`${orderGuests} g WHERE g.order_id = ${orderId} AND g.approver = 1 AND g.revoked_at IS NULL`;

/**
 * Whether `deliveryId` is signed off counting `signer` as approving it, in SQL, as the write that
 * relies on it re-checks it: the customer's approval, and at least the required number of live
 * approvers whose last decision on it is an approval.
 */
export function signedOffWith(orderId: number, deliveryId: number | SQL, signer: Signer): SQL {
  const customer = signer.kind === "customer" ? sql`1` : sql`${latestDecision(orderId, deliveryId, { kind: "customer" })} IS 'approve'`;
  const me = signer.kind === "guest" ? sql`g.id = ${signer.guestId}` : sql`0`;
  const count = sql`(SELECT count(*) FROM ${liveApprovers(orderId)})`;
  const approving = sql`(SELECT count(*) FROM ${liveApprovers(orderId)} AND (${me} OR ${latestDecision(orderId, deliveryId, { kind: "guest", guestId: sql`g.id` })} IS 'approve'))`;
  const needed = sql`min(coalesce((SELECT o2.approvers_required FROM ${orders} o2 WHERE o2.id = ${orderId}), ${count}), ${count})`;
  return sql`(${customer} AND ${approving} >= ${needed})`;
}

/** The newest delivery of the order (the one under review), in SQL. */
const newestDelivery = (orderId: number) =>
  sql`(SELECT ${orderDeliveries.id} FROM ${orderDeliveries} WHERE ${orderDeliveries.orderId} = ${orderId} ORDER BY ${orderDeliveries.version} DESC LIMIT 1)`;

export interface SignOffRead {
  approvers: { id: number; name: string | null; email: string; approved: boolean }[];
  required: number | null;
  /** The delivery under review and its version number (v1, v2, … across the order); null before the first. */
  deliveryId: number | null;
  version: number;
  customerApproved: boolean;
}

/** The order's approvers and, for its newest delivery, who has approved it (their last decision an approval; read only where there are approvers). */
export async function readSignOff(db: Database, orderId: number): Promise<SignOffRead> {
  const [approvers, [order], deliveries] = await db.batch([
    db
      .select({ id: orderGuests.id, name: orderGuests.name, email: orderGuests.email })
      .from(orderGuests)
      .where(and(eq(orderGuests.orderId, orderId), eq(orderGuests.approver, true), isNull(orderGuests.revokedAt)))
      .orderBy(asc(orderGuests.id))
      .limit(10),
    db.select({ required: orders.approversRequired }).from(orders).where(eq(orders.id, orderId)).limit(1),
    db.select({ id: orderDeliveries.id }).from(orderDeliveries).where(eq(orderDeliveries.orderId, orderId)).orderBy(desc(orderDeliveries.version)).limit(500),
  ]);
  const newest = deliveries[0]?.id ?? null;
  // Without approvers nobody signs off: no second round trip (the order page and every approval read this).
  const decisions =
    newest && approvers.length
      ? await db
          .select({ kind: stageSignOffs.signerKind, guestId: stageSignOffs.guestId, decision: stageSignOffs.decision })
          .from(stageSignOffs)
          .where(and(eq(stageSignOffs.orderId, orderId), eq(stageSignOffs.deliveryId, newest)))
          .orderBy(desc(stageSignOffs.id))
          .limit(500)
      : [];
  // Newest first: each signer's first row is their standing.
  const last = new Map<string, string>();
  for (const d of decisions) {
    const key = d.kind === "customer" ? "customer" : `guest:${d.guestId}`;
    if (!last.has(key)) last.set(key, d.decision);
  }
  return {
    approvers: approvers.map((a) => ({ ...a, approved: last.get(`guest:${a.id}`) === "approve" })),
    required: order?.required ?? null,
    deliveryId: newest,
    version: deliveries.length,
    customerApproved: last.get("customer") === "approve",
  };
}

/** Whether the read's delivery is signed off once `signer` approves it. */
export function completesWith(read: SignOffRead, signer: Signer): boolean {
  const approvals = read.approvers.filter((a) => a.approved || (signer.kind === "guest" && a.id === signer.guestId)).length;
  return signedOff(read.customerApproved || signer.kind === "customer", approvals, read.required, read.approvers.length);
}

/** Whether `signer` stands approving the read's delivery. */
function approves(read: SignOffRead, signer: Signer): boolean {
  return signer.kind === "customer" ? read.customerApproved : read.approvers.some((a) => a.id === signer.guestId && a.approved);
}

/** The names still awaited on the read's delivery (the customer's as "you" is left to the page). */
export function waitingFor(read: SignOffRead): string[] {
  return read.approvers.filter((a) => !a.approved).map((a) => a.name ?? a.email);
}

function signerColumns(signer: Signer) {
  return signer.kind === "customer" ? { signerKind: "customer" as const, guestId: null } : { signerKind: "guest" as const, guestId: signer.guestId };
}

/** The rows a signer may still add on a delivery (SIGN_OFFS_PER_SIGNER_PER_VERSION), in SQL. */
function underCap(orderId: number, deliveryId: number, signer: Signer) {
  const who = signer.kind === "customer" ? sql`signer_kind = 'customer'` : sql`signer_kind = 'guest' AND guest_id = ${signer.guestId}`;
  return sql`(SELECT count(*) FROM ${stageSignOffs} WHERE order_id = ${orderId} AND delivery_id = ${deliveryId} AND ${who}) < ${SIGN_OFFS_PER_SIGNER_PER_VERSION}`;
}

/** The signer may sign, as the write sees it: the customer always; a guest while a live approver of the order. */
export function stillSigner(orderId: number, signer: Signer): SQL {
  return signer.kind === "customer" ? sql`1` : sql`EXISTS (SELECT 1 FROM ${liveApprovers(orderId)} AND g.id = ${signer.guestId})`;
}

/** The delivery is still the one under review (nothing newer delivered), in SQL. */
export function stillNewest(orderId: number, deliveryId: number): SQL {
  return sql`${newestDelivery(orderId)} = ${deliveryId}`;
}

/** The delivery is still the one under review, at the stage read: nothing newer, the order still delivered. */
function stillUnderReview(orderId: number, deliveryId: number, stage: number) {
  return and(eq(orders.id, orderId), eq(orders.workStatus, "delivered"), eq(orders.stage, stage), sql`${newestDelivery(orderId)} = ${deliveryId}`);
}

/**
 * Records `signer`'s approval of the delivery under review while it does not complete the set (others
 * are still awaited, re-checked in the write). Answers whether it was written: false when, by the time
 * of the write, it would complete the set (another approval landed meanwhile) and the move must be made.
 */
export async function recordApproval(db: Database, orderId: number, read: SignOffRead, stage: number, signer: Signer, now: number): Promise<boolean> {
  const deliveryId = read.deliveryId!;
  if (approves(read, signer)) throw refuse.conflict(`You have approved this version. Waiting for: ${waitingFor(read).join(", ") || "the customer"}.`);
  const written = await db.run(
    sql`INSERT INTO ${stageSignOffs} (order_id, stage, delivery_id, version, signer_kind, guest_id, decision, created_at)
      SELECT ${orderId}, ${stage}, ${deliveryId}, ${read.version}, ${signerColumns(signer).signerKind}, ${signerColumns(signer).guestId}, 'approve', ${now}
      FROM ${orders} WHERE ${stillUnderReview(orderId, deliveryId, stage)}
        AND ${stillSigner(orderId, signer)}
        AND ${latestDecision(orderId, deliveryId, signer)} IS NOT 'approve'
        AND NOT ${signedOffWith(orderId, deliveryId, signer)}
        AND ${underCap(orderId, deliveryId, signer)}`,
  );
  return written.meta.changes > 0;
}

/**
 * The approval that completes the set, written in the batch of the approve move: only where the move
 * landed (the order at version + 1, approved from the stage read).
 */
export function completingApproval(
  db: Database,
  orderId: number,
  read: WorkState,
  signOff: Pick<SignOffRead, "deliveryId" | "version">,
  signer: Signer,
  now: number,
): BatchItem<"sqlite"> {
  const last = read.stages.length === 0 || read.stage >= read.stages.length - 1;
  const landed = last
    ? and(eq(orders.workStatus, "completed"), eq(orders.stage, read.stage))
    : and(eq(orders.workStatus, "in_progress"), eq(orders.stage, read.stage + 1));
  return db.insert(stageSignOffs).select(
    db
      .select(
        rowOf(stageSignOffs, {
          id: null,
          orderId,
          stage: read.stage,
          deliveryId: signOff.deliveryId,
          version: signOff.version,
          ...signerColumns(signer),
          decision: "approve",
          createdAt: now,
        }),
      )
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.workVersion, read.workVersion + 1), landed)),
  );
}

/**
 * The timer's record, in the batch of its approval: every live approver (and the customer) whose last
 * decision on the delivery under review is not an approval did not answer in time.
 */
export function noResponseStatements(db: Database, orderId: number, read: WorkState, now: number): BatchItem<"sqlite">[] {
  const delivery = newestDelivery(orderId);
  const version = sql`(SELECT count(*) FROM ${orderDeliveries} d WHERE d.order_id = ${orderId})`;
  const landed = sql`(SELECT o.work_version FROM ${orders} o WHERE o.id = ${orderId}) = ${read.workVersion + 1}`;
  const row = (signerKind: "guest" | "customer", guestId: SQL | null) =>
    rowOf(stageSignOffs, { id: null, orderId, stage: read.stage, deliveryId: delivery, version, signerKind, guestId, decision: "no_response", createdAt: now });
  return [
    db.insert(stageSignOffs).select(
      db
        .select(row("guest", sql`${orderGuests.id}`))
        .from(orderGuests)
        .where(
          and(
            eq(orderGuests.orderId, orderId),
            eq(orderGuests.approver, true),
            isNull(orderGuests.revokedAt),
            landed,
            sql`${latestDecision(orderId, delivery, { kind: "guest", guestId: sql`${orderGuests.id}` })} IS NOT 'approve'`,
          ),
        ),
    ),
    db.insert(stageSignOffs).select(
      db
        .select(row("customer", null))
        .from(orders)
        .where(
          and(
            eq(orders.id, orderId),
            landed,
            sql`EXISTS (SELECT 1 FROM ${liveApprovers(orderId)})`,
            sql`${latestDecision(orderId, delivery, { kind: "customer" })} IS NOT 'approve'`,
          ),
        ),
    ),
  ];
}

/**
 * Withdraws `signer`'s approval of the delivery under review, before it is approved (409 once it is,
 * or when they have not approved it).
 */
export async function withdrawApproval(db: Database, notice: MailNotice, orderId: number, signer: Signer, now = Date.now()) {
  const state = await getWorkState(db, orderId, { kind: "system", id: null });
  if (state.workStatus !== "delivered") throw refuse.conflict(lockedOrNothing(state));
  const read = await readSignOff(db, orderId);
  if (!read.approvers.length || !read.deliveryId) throw refuse.conflict(SIGN_OFF_MESSAGES.notApproved);
  if (signer.kind === "guest" && !read.approvers.some((a) => a.id === signer.guestId)) throw refuse.forbidden(SIGN_OFF_MESSAGES.notApprover);
  const written = await db.run(
    sql`INSERT INTO ${stageSignOffs} (order_id, stage, delivery_id, version, signer_kind, guest_id, decision, created_at)
      SELECT ${orderId}, ${state.stage}, ${read.deliveryId}, ${read.version}, ${signerColumns(signer).signerKind}, ${signerColumns(signer).guestId}, 'withdraw', ${now}
      FROM ${orders} WHERE ${stillUnderReview(orderId, read.deliveryId, state.stage)}
        AND ${stillSigner(orderId, signer)}
        AND ${latestDecision(orderId, read.deliveryId, signer)} IS 'approve'
        AND ${underCap(orderId, read.deliveryId, signer)}`,
  );
  if (!written.meta.changes) {
    const now2 = await getWorkState(db, orderId, { kind: "system", id: null });
    if (now2.workStatus !== "delivered" || now2.stage !== state.stage) throw refuse.conflict(lockedOrNothing(now2));
    // As things stand now (a second click finds the approval withdrawn already).
    const again = await readSignOff(db, orderId);
    throw refuse.conflict(approves(again, signer) ? SIGN_OFF_MESSAGES.tooOften : SIGN_OFF_MESSAGES.notApproved);
  }
  if (signer.kind === "guest") await tellCustomer(db, notice, orderId, signer.guestId, "withdrew their approval of");
  return readSignOff(db, orderId);
}

function lockedOrNothing(state: WorkState): string {
  return state.workStatus === "completed" || (state.stages.length > 0 && state.workStatus === "in_progress" && state.stage > 0)
    ? "It is approved and locked: an approval can be withdrawn only before that."
    : SIGN_OFF_MESSAGES.nothingToSign;
}

/** Whether an order may still change its approvers (it is open). */
function isOpen(status: WorkState["workStatus"]) {
  return (OPEN_STATUSES as readonly string[]).includes(status);
}

export interface ApproversView {
  approvers: { id: number; name: string | null; email: string }[];
  /** How many approvers must approve; null for every one. */
  required: number | null;
  /** The rule in words. */
  rule: string;
}

/** `GET /orders/{id}/approvers`: the customer's order's approvers (404 for anyone else). */
export async function getApprovers(db: Database, orderId: number, customerId: number): Promise<ApproversView> {
  await getWorkState(db, orderId, { kind: "customer", id: customerId });
  return approversView(await readSignOff(db, orderId));
}

function approversView(read: SignOffRead): ApproversView {
  return {
    approvers: read.approvers.map(({ id, name, email }) => ({ id, name, email })),
    required: read.required,
    rule: signOffRuleText(read.required, read.approvers.length),
  };
}

/**
 * Names the order's required approvers (the customer only, while the order is open): each must be a
 * guest of the order whose link works (not revoked; an approver's link then lives while the order is
 * open). Replaces the list as a whole; none leaves the customer approving alone. An approver named
 * for the first time is told by email, with their link. Standing approvals of the current version stay.
 */
export async function setApprovers(db: Database, notice: MailNotice, orderId: number, customerId: number, input: ApproversInput, now = Date.now()) {
  const state = await getWorkState(db, orderId, { kind: "customer", id: customerId });
  if (!isOpen(state.workStatus)) throw refuse.conflict(SIGN_OFF_MESSAGES.closed);
  const named = input.guest_ids;
  const guests = named.length
    ? await db
        .select()
        .from(orderGuests)
        .where(and(eq(orderGuests.orderId, orderId), inArray(orderGuests.id, named)))
        .limit(named.length)
    : [];
  const usable = guests.filter((g) => g.revokedAt === null && (g.approver || g.expiresAt.getTime() > now));
  if (usable.length !== named.length) throw refuse.conflict(SIGN_OFF_MESSAGES.notGuest);
  const before = await readSignOff(db, orderId);
  const required = input.required === null || input.required >= named.length ? null : input.required;
  const open = sql`(SELECT ${orders.workStatus} FROM ${orders} WHERE ${orders.id} = ${orderId}) IN ${OPEN_STATUSES}`;
  // Derived links for every guest named (a link from before is reissued: the email says so).
  const reissued: number[] = [];
  const secret = notice.env.TOKEN_SECRET;
  const tokens = new Map<number, string>();
  const hashes = new Map<number, string>();
  if (secret) {
    for (const g of usable) {
      const token = await guestLinkToken(secret, g);
      tokens.set(g.id, token);
      hashes.set(g.id, await sha256(token));
      if (hashes.get(g.id) !== g.tokenHash) reissued.push(g.id);
    }
  }
  const [changed] = await db.batch([
    db
      .update(orders)
      .set({ approversRequired: named.length ? required : null })
      .where(and(eq(orders.id, orderId), sql`${orders.workStatus} IN ${OPEN_STATUSES}`))
      .returning({ id: orders.id }),
    db
      .update(orderGuests)
      .set({
        approver: named.length ? sql`${orderGuests.id} IN ${named}` : false,
        approverNamedAt: named.length
          ? sql`CASE WHEN ${orderGuests.id} IN ${named} THEN coalesce(${orderGuests.approverNamedAt}, ${now}) ELSE ${orderGuests.approverNamedAt} END`
          : sql`${orderGuests.approverNamedAt}`,
      })
      .where(and(eq(orderGuests.orderId, orderId), open)),
    ...reissued.map((id) =>
      db
        .update(orderGuests)
        .set({ tokenHash: hashes.get(id)! })
        .where(and(eq(orderGuests.id, id), open)),
    ),
  ]);
  if (!changed.length) throw refuse.conflict(SIGN_OFF_MESSAGES.closed);
  // Told once, the first time they are named (naming again sends nothing: no way round the invitations' limits).
  const newly = usable.filter((g) => g.approverNamedAt === null && !before.approvers.some((a) => a.id === g.id));
  if (newly.length) {
    const about = await orderAbout(db, orderId);
    const rule = signOffRuleText(required, named.length);
    for (const g of newly) {
      const token = tokens.get(g.id);
      await queueEmail(notice.env, db, {
        to: g.email,
        subject: `${about.customer} asked for your sign-off on "${about.film}", order #${orderId}`,
        kind: "approver_named",
        body: createElement(WorkUpdateEmail, {
          greeting: g.name ? `Hello ${g.name},` : "Hello,",
          title: `${about.customer} named you an approver`,
          lines: [
            `${about.customer} named you an approver of "${about.film}", made for them by ${SHOP.name} (order #${orderId}). ${rule.replace("You ", `${about.customer} `)}`,
            `If a delivery has no answer within the review window (${AUTO_COMPLETE_DAYS} days), it is approved for everyone and your silence is recorded.`,
            reissued.includes(g.id)
              ? "This link replaces the one in your invitation, and works while the order is open."
              : "Your review link now works while the order is open.",
          ],
          link: token && notice.origin ? `${notice.origin}${paths.guestReview(token)}` : null,
          linkLabel: "Review and sign off",
        }),
      });
    }
  }
  return approversView(await readSignOff(db, orderId));
}

/** Who the order is for and what it makes, for the emails. */
async function orderAbout(db: Database, orderId: number) {
  const [row] = await db
    .select({ customer: users.name, email: users.email, film: products.title })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return { customer: row?.customer ?? "The customer", email: row?.email ?? null, film: row?.film ?? `order #${orderId}` };
}

/** What is under review, in words: "Storyboard (v3)" for a stage, "version 3" otherwise. */
function reviewedThing(state: Pick<WorkState, "stages" | "stage">, version: number) {
  return state.stages.length ? `${state.stages[state.stage]!.name} (v${version})` : `version ${version}`;
}

/**
 * Asks the order's live approvers for their sign-off on a new delivery (after the deliver move): each
 * gets their link, which only a derived token can give again (a link from before is left to the
 * invitation email).
 */
export async function askApprovers(db: Database, notice: MailNotice, orderId: number) {
  const read = await readSignOff(db, orderId);
  if (!read.approvers.length) return;
  const state = await getWorkState(db, orderId, { kind: "system", id: null });
  const about = await orderAbout(db, orderId);
  const guests = await db
    .select()
    .from(orderGuests)
    .where(and(eq(orderGuests.orderId, orderId), eq(orderGuests.approver, true), isNull(orderGuests.revokedAt)))
    .limit(10);
  const what = reviewedThing(state, read.version);
  for (const g of guests) {
    const link = await approverLink(notice, g);
    await queueEmail(notice.env, db, {
      to: g.email,
      subject: `"${about.film}": ${what} is ready for your sign-off, order #${orderId}`,
      kind: "sign_off_needed",
      body: createElement(WorkUpdateEmail, {
        greeting: g.name ? `Hello ${g.name},` : "Hello,",
        title: `${what} is ready for your sign-off`,
        lines: [
          `${SHOP.name} delivered ${what} of "${about.film}" for ${about.customer} (order #${orderId}). Watch it, then approve it or ask for changes.`,
          `Without an answer within ${AUTO_COMPLETE_DAYS} days it is approved for everyone, and who did not answer is recorded.`,
          ...(link ? [] : ["Open it with the link in the email that named you an approver."]),
        ],
        link,
        linkLabel: "Review and sign off",
      }),
    });
  }
}

/** An approver's link again, when their token is the derived one (else null). */
async function approverLink(notice: MailNotice, guest: { orderId: number; email: string; createdAt: Date; tokenHash: string }): Promise<string | null> {
  const secret = notice.env.TOKEN_SECRET;
  if (!secret || !notice.origin) return null;
  const token = await guestLinkToken(secret, guest);
  return (await sha256(token)) === guest.tokenHash ? `${notice.origin}${paths.guestReview(token)}` : null;
}

/** Tells the customer what an approver decided (an approval, its withdrawal, changes asked); `decidedOn`: the order as it was when they decided. */
export async function tellCustomer(db: Database, notice: MailNotice, orderId: number, guestId: number, did: string, decidedOn?: WorkState) {
  const [guest] = await db.select({ name: orderGuests.name, email: orderGuests.email }).from(orderGuests).where(eq(orderGuests.id, guestId)).limit(1);
  const about = await orderAbout(db, orderId);
  if (!about.email) return;
  const read = await readSignOff(db, orderId);
  const state = await getWorkState(db, orderId, { kind: "system", id: null });
  const who = guest?.name ?? guest?.email ?? "An approver";
  const what = reviewedThing(decidedOn ?? state, read.version);
  const awaited = [...(read.customerApproved || state.workStatus !== "delivered" ? [] : ["you"]), ...waitingFor(read)];
  await queueEmail(notice.env, db, {
    to: about.email,
    subject: `${who} ${did} ${what}, order #${orderId}`,
    kind: "sign_off_decided",
    body: createElement(WorkUpdateEmail, {
      greeting: `Hello ${about.customer},`,
      title: `${who} ${did} ${what}`,
      lines: [
        `${who}, an approver you named, ${did} ${what} of "${about.film}" (order #${orderId}).`,
        state.workStatus === "delivered" && awaited.length
          ? `Still awaited: ${awaited.join(", ")}. ${signOffRuleText(read.required, read.approvers.length)}`
          : "See the order's page for where it stands.",
      ],
      link: notice.origin ? `${notice.origin}${paths.customerOrder(orderId)}` : null,
      linkLabel: "Open the order",
    }),
  });
}

/** What the approval of the delivery under review is waiting for, as the order page and the approver's page show it. */
export interface SignOffStatus {
  approvers: { id: number; name: string; approved: boolean }[];
  required: number | null;
  rule: string;
  customerApproved: boolean;
  /** Approvals still needed from approvers (0 once enough have approved). */
  approvalsMissing: number;
  version: number;
}

export async function signOffStatus(db: Database, orderId: number): Promise<SignOffStatus | null> {
  const read = await readSignOff(db, orderId);
  if (!read.approvers.length) return null;
  const approvals = read.approvers.filter((a) => a.approved).length;
  return {
    approvers: read.approvers.map((a) => ({ id: a.id, name: a.name ?? a.email, approved: a.approved })),
    required: read.required,
    rule: signOffRuleText(read.required, read.approvers.length),
    customerApproved: read.customerApproved,
    approvalsMissing: Math.max(0, approvalsNeeded(read.required, read.approvers.length) - approvals),
    version: read.version,
  };
}

/**
 * A named approver asks for changes to the delivery under review: a revision request on the
 * customer's behalf (one of the stage's rounds, as the customer's own would be), kept in the stage's
 * history as theirs; the customer is told. Only a live approver of the order, and only what the
 * customer could ask (409 otherwise).
 */
export async function approverRequestsChanges(
  db: Database,
  notice: MailNotice,
  guest: { id: number; orderId: number; name: string },
  input: RevisionInput,
  now = Date.now(),
) {
  const state = await getWorkState(db, guest.orderId, { kind: "system", id: null });
  const read = await readSignOff(db, guest.orderId);
  if (!read.approvers.some((a) => a.id === guest.id)) throw refuse.forbidden(SIGN_OFF_MESSAGES.notApprover);
  if (state.workStatus !== "delivered") throw refuse.conflict(SIGN_OFF_MESSAGES.nothingToSign);
  await requestRevision(db, notice, guest.orderId, state.userId, input, now, { guestId: guest.id }, state.stage);
  await tellCustomer(db, notice, guest.orderId, guest.id, "asked for changes to", state);
}
