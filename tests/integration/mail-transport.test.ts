import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import worker from "../../server";
import { createDb } from "../../db/client";
import { queueEmail } from "~/domain/mail/mail.server";
import { PasswordChangedEmail } from "~/domain/mail/templates";
import { FAKE_MAIL_KEY } from "../support/fake-mail";

/** The HTTP transport against a local fake email API (tests/support/fake-mail.ts). */
const fake = `http://127.0.0.1:${env.FAKE_MAIL_PORT}`;
const httpEnv = { ...env, MAIL_TRANSPORT: "http", MAIL_API_URL: fake, MAIL_API_KEY: FAKE_MAIL_KEY, MAIL_FROM: "Reelcraft <studio@reelcraft.test>" };

let counter = 0;
async function queued(domain = "example.com") {
  const to = `mail${++counter}.${Date.now()}@${domain}`;
  const id = await queueEmail(env, createDb(env.DB), {
    to,
    subject: "Your Reelcraft password was changed",
    kind: "password_changed",
    body: createElement(PasswordChangedEmail, { name: "Mail Person", loginLink: "https://shop.example/login" }),
  });
  return { id, to };
}

async function consume(emailId: number, environment: Env = httpEnv, attempts = 1) {
  const batch = createMessageBatch("reelcraft-mail", [{ id: `job-${emailId}-${attempts}`, timestamp: new Date(), attempts, body: { emailId } }]);
  const ctx = createExecutionContext();
  await worker.queue(batch as never, environment);
  return getQueueResult(batch, ctx);
}

async function row(id: number) {
  return env.DB.prepare("SELECT status, attempts, last_error FROM emails WHERE id = ?")
    .bind(id)
    .first<{ status: string; attempts: number; last_error: string | null }>();
}

async function sentTo(to: string) {
  const all = (await (await fetch(`${fake}/_sent`)).json()) as { to: string[]; key: string; from: string; subject: string; html: string; text: string }[];
  return all.filter((m) => m.to[0] === to);
}

describe("the HTTP mail transport", () => {
  it("posts the message with its HTML, text and an idempotency key, then marks it sent; a repeated job sends nothing", async () => {
    const { id, to } = await queued();
    expect((await consume(id)).explicitAcks).toHaveLength(1);
    const [message] = await sentTo(to);
    expect(message).toMatchObject({ key: `email-${id}`, from: "Reelcraft <studio@reelcraft.test>", subject: "Your Reelcraft password was changed" });
    expect(message!.html).toContain("<html");
    expect(message!.text).toContain("Reelcraft Studio Ltd");
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, last_error: null });
    expect((await consume(id, httpEnv, 2)).explicitAcks).toHaveLength(1);
    expect(await sentTo(to)).toHaveLength(1);
  });

  it("a 5xx is retried later and the retry sends the message once", async () => {
    const { id, to } = await queued("flaky.test");
    const first = await consume(id);
    expect(first.retryMessages).toHaveLength(1);
    expect(first.explicitAcks).toEqual([]);
    expect(await row(id)).toMatchObject({ status: "queued", attempts: 1 });
    expect((await row(id))!.last_error).toContain("HTTP 503");
    const second = await consume(id, httpEnv, 2);
    expect(second.explicitAcks).toHaveLength(1);
    expect(await sentTo(to)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("a 4xx refusal marks the message failed at once instead of retrying; so do missing settings and a wrong key", async () => {
    const rejected = await queued("rejected.test");
    const result = await consume(rejected.id);
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await row(rejected.id)).toMatchObject({ status: "failed" });
    expect((await row(rejected.id))!.last_error).toContain("HTTP 422");

    const unconfigured = await queued();
    await consume(unconfigured.id, { ...env, MAIL_TRANSPORT: "http" });
    expect((await row(unconfigured.id))!.last_error).toContain("needs MAIL_API_URL");
    const wrongKey = await queued();
    await consume(wrongKey.id, { ...httpEnv, MAIL_API_KEY: "wrong" });
    expect(await row(wrongKey.id)).toMatchObject({ status: "failed" });
    expect(await sentTo(wrongKey.to)).toEqual([]);
  });
});
