/**
 * The shop's outgoing email. A request never sends mail itself: `queueEmail` renders the message,
 * records it in the `emails` table and puts its id on the MAIL_QUEUE (a Cloudflare Queue). The
 * queue's consumer (`deliverMailBatch`, this Worker's `queue` handler) hands it to the transport
 * and marks it sent; a job that fails is retried with a growing delay, and after its last retry
 * lands in the dead-letter queue. A message already marked sent is never sent again, so a retried
 * or duplicated job sends it once.
 *
 * Transport (MAIL_TRANSPORT): `local`, the default and the only one built so far, keeps messages in
 * the outbox, readable by admins at /admin/emails.
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
}

/** Renders and records a message, then queues it for sending. Returns the message's id. */
export async function queueEmail(env: Pick<Env, "MAIL_QUEUE">, db: Database, message: NewEmail): Promise<number> {
  const [html, text] = await Promise.all([render(message.body), render(message.body, { plainText: true })]);
  const [row] = await db
    .insert(emails)
    .values({ recipient: message.to, subject: message.subject, kind: message.kind, html, text })
    .returning({ id: emails.id });
  await env.MAIL_QUEUE.send({ emailId: row!.id } satisfies MailJob);
  return row!.id;
}

/** Seconds before a failed job's next try: 10 s, 20 s, 40 s, … up to 10 minutes. */
export function retryDelaySeconds(attempts: number) {
  return Math.min(600, 10 * 2 ** Math.max(0, attempts - 1));
}

async function send(env: Env, _message: typeof emails.$inferSelect): Promise<void> {
  const transport = env.MAIL_TRANSPORT ?? "local";
  if (transport === "local") return; // The outbox row is the delivery.
  throw new Error(`Unknown MAIL_TRANSPORT "${transport}"`);
}

/** Sends one queued message unless it was sent already; throws when the transport fails. */
export async function deliverEmail(env: Env, db: Database, emailId: number, now = Date.now()): Promise<"sent" | "already_sent" | "missing"> {
  const [message] = await db.select().from(emails).where(eq(emails.id, emailId)).limit(1);
  if (!message) return "missing";
  if (message.status === "sent") return "already_sent";
  try {
    await send(env, message);
  } catch (error) {
    await db
      .update(emails)
      .set({ attempts: message.attempts + 1, lastError: String(error).slice(0, 500) })
      .where(eq(emails.id, emailId));
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
    await db.update(emails).set({ status: "failed" }).where(eq(emails.id, job.body.emailId));
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
