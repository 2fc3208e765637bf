/**
 * The shop's outgoing email. A request never sends mail itself: `queueEmail` renders the message,
 * records it in the `emails` table and puts its id on the MAIL_QUEUE (a Cloudflare Queue). The
 * queue's consumer (`deliverMailBatch`, this Worker's `queue` handler) hands it to the transport
 * and marks it sent; a job that fails is retried with a growing delay, and after its last retry
 * lands in the dead-letter queue. A message already marked sent is never sent again, so a retried
 * or duplicated job sends it once.
 *
 * Transport (MAIL_TRANSPORT): `local`, the default, keeps messages in the outbox, readable by admins
 * at /admin/emails; `http` posts them to an HTTP email API (MAIL_API_URL, MAIL_API_KEY, MAIL_FROM;
 * Resend's shape). A provider's 5xx, 429 or network failure is retried; any other 4xx marks the
 * message failed at once (trying again would be refused again).
 */
import { render } from "@react-email/render";
import { and, desc, eq } from "drizzle-orm";
import type { ReactElement } from "react";
import type { Database } from "../../../db/client";
import { emails } from "../../../db/schema";

/** The dead-letter queue's name (wrangler.toml): its jobs failed every try. */
export const MAIL_DEAD_LETTERS = "reelcraft-mail-dlq";

export interface MailJob {
  emailId: number;
}

export interface NewEmail {
  to: string;
  subject: string;
  kind: string;
  body: ReactElement;
  /** Extra headers (the newsletter's `List-Unsubscribe`). */
  headers?: Record<string, string>;
}

/** Renders and records a message, then queues it for sending. Returns the message's id. */
export async function queueEmail(env: Pick<Env, "MAIL_QUEUE">, db: Database, message: NewEmail): Promise<number> {
  const [html, text] = await Promise.all([render(message.body), render(message.body, { plainText: true })]);
  const [row] = await db
    .insert(emails)
    .values({ recipient: message.to, subject: message.subject, kind: message.kind, html, text, headers: message.headers ?? null })
    .returning({ id: emails.id });
  await env.MAIL_QUEUE.send({ emailId: row!.id } satisfies MailJob);
  return row!.id;
}

/** Seconds before a failed job's next try: 10 s, 20 s, 40 s, … up to 10 minutes. */
export function retryDelaySeconds(attempts: number) {
  return Math.min(600, 10 * 2 ** Math.max(0, attempts - 1));
}

/** A refusal the provider would give again (a 4xx other than 429, or missing settings): not retried. */
export class PermanentMailFailure extends Error {}

async function send(env: Env, message: typeof emails.$inferSelect): Promise<void> {
  const transport = env.MAIL_TRANSPORT ?? "local";
  if (transport === "local") return; // The outbox row is the delivery.
  if (transport === "http") return sendOverHttp(env, message);
  throw new Error(`Unknown MAIL_TRANSPORT "${transport}"`);
}

/**
 * An HTTP email API with Resend's `POST /emails` shape. The message's id is the idempotency key, so a
 * job retried after the provider accepted it (but before the row was marked sent) is not sent twice.
 */
async function sendOverHttp(env: Env, message: typeof emails.$inferSelect): Promise<void> {
  const { MAIL_API_URL: api, MAIL_API_KEY: key, MAIL_FROM: from } = env;
  if (!api || !key || !from) throw new PermanentMailFailure("MAIL_TRANSPORT=http needs MAIL_API_URL, MAIL_API_KEY and MAIL_FROM");
  const response = await fetch(`${api.replace(/\/+$/, "")}/emails`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", "Idempotency-Key": `email-${message.id}` },
    body: JSON.stringify({
      from,
      to: [message.recipient],
      subject: message.subject,
      html: message.html,
      text: message.text,
      ...(message.headers ? { headers: message.headers } : {}),
    }),
  });
  if (response.ok) return;
  const detail = `HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`;
  if (response.status >= 400 && response.status < 500 && response.status !== 429) throw new PermanentMailFailure(detail);
  throw new Error(detail);
}

/** Sends one queued message unless it was sent already; throws when the transport fails. */
export async function deliverEmail(env: Env, db: Database, emailId: number, now = Date.now()): Promise<"sent" | "already_sent" | "missing" | "failed"> {
  const [message] = await db.select().from(emails).where(eq(emails.id, emailId)).limit(1);
  if (!message) return "missing";
  if (message.status !== "queued") return message.status === "sent" ? "already_sent" : "failed";
  try {
    await send(env, message);
  } catch (error) {
    const permanent = error instanceof PermanentMailFailure;
    await db
      .update(emails)
      .set({ attempts: message.attempts + 1, lastError: String(error).slice(0, 500), ...(permanent ? { status: "failed" as const } : {}) })
      .where(eq(emails.id, emailId));
    if (permanent) {
      console.error("Email refused by the provider", emailId, error);
      return "failed";
    }
    throw error;
  }
  await db
    .update(emails)
    .set({ status: "sent", attempts: message.attempts + 1, sentAt: new Date(now), lastError: null })
    .where(and(eq(emails.id, emailId), eq(emails.status, "queued")));
  return "sent";
}

/** The MAIL_QUEUE consumer: each job acknowledged when sent, retried later when not. */
export async function deliverMailBatch(batch: MessageBatch<MailJob>, env: Env, db: Database): Promise<void> {
  for (const job of batch.messages) {
    try {
      await deliverEmail(env, db, job.body.emailId);
      job.ack();
    } catch (error) {
      console.error("Email delivery failed", job.body.emailId, error);
      job.retry({ delaySeconds: retryDelaySeconds(job.attempts) });
    }
  }
}

/** The dead-letter consumer: a message whose every try failed is marked failed in the outbox. */
export async function markMailFailed(batch: MessageBatch<MailJob>, db: Database): Promise<void> {
  for (const job of batch.messages) {
    await db
      .update(emails)
      .set({ status: "failed" })
      .where(and(eq(emails.id, job.body.emailId), eq(emails.status, "queued")));
    job.ack();
  }
}

/** How many of the newest messages the outbox lists. */
export const OUTBOX_SIZE = 100;

/** The outbox, newest first. */
export async function listEmails(db: Database) {
  return db
    .select({ id: emails.id, recipient: emails.recipient, subject: emails.subject, kind: emails.kind, status: emails.status, createdAt: emails.createdAt })
    .from(emails)
    .orderBy(desc(emails.createdAt), desc(emails.id))
    .limit(OUTBOX_SIZE);
}

export async function getEmail(db: Database, id: number) {
  const [row] = await db.select().from(emails).where(eq(emails.id, id)).limit(1);
  return row ?? null;
}
