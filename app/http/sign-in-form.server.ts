/**
 * The two sign-in screens' posts (customer and admin): the form read against its schema (an
 * incomplete one: no refusal, the validation reply), then app/auth signs the credentials in and
 * starts the session. The API's sign-in calls read their JSON body with `readApiBody` instead.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { startSignedInSession, type SessionKind } from "~/auth/index.server";
import type { Refusal } from "~/domain/refusal";
import { AdminLoginSchema, LoginSchema } from "~/lib/schemas/auth";
import { parseSubmission } from "./form-submission.server";
import { settle } from "./screen-refusal.server";
import { readForm } from "./request-body.server";

const SCHEMA = { customer: LoginSchema, admin: AdminLoginSchema, creator: LoginSchema } as const;

function parseSignInForm(form: FormData, kind: SessionKind) {
  return parseSubmission(form, { schema: SCHEMA[kind], allow: ["redirectTo"] });
}

export type FormSignInOutcome =
  { ok: true; headers: Headers; form: FormData } | { ok: false; submission: ReturnType<typeof parseSignInForm>; refusal: Refusal | null };

/** A sign-in screen's post: the session's cookies and the form (for its `redirectTo`), or why not. */
export async function signInWithForm(context: AppLoadContext, request: Request, kind: SessionKind): Promise<FormSignInOutcome> {
  const form = await readForm(request);
  const submission = parseSignInForm(form, kind);
  if (submission.status !== "success") return { ok: false, submission, refusal: null };
  const started = await settle(startSignedInSession(context, request, kind, submission.value));
  if (!started.ok) return { ok: false, submission, refusal: started.refusal };
  return { ok: true, headers: started.value, form };
}
