/**
 * The screens' side of a person's data rights, for customers and creators alike: their copy of their
 * data as a file to keep, and 'Delete my account' (the password asked again). What is copied and what
 * is erased is the domain's (app/domain/privacy).
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { sessionCookie, type SessionKind } from "~/auth/index.server";
import { DeleteAccountFormSchema } from "~/lib/schemas/account-deletion";
import { parseSubmission } from "./form-submission.server";
import { readForm } from "./request-body.server";
import { formAnswer, settle } from "./screen-refusal.server";

/** `data` as a JSON download named `{name}-{day}.json`: private, never cached. */
export function personalDataFile(context: AppLoadContext, data: unknown, name: string): Response {
  context.privacy.personal = true;
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${day}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/**
 * The 'Delete my account' form: the confirmation and the password checked, then `erase` (which asks
 * the password again and refuses open work); a refusal comes back on the password field, the
 * password never sent back. Done: this browser's session cookie of `kind` goes, and on to `landing`.
 */
export async function deleteAccountFromForm(request: Request, kind: SessionKind, erase: (password: string) => Promise<void>, landing: string) {
  const submission = parseSubmission(await readForm(request), { schema: DeleteAccountFormSchema });
  const hideFields = ["current_password"];
  if (submission.status !== "success") return formAnswer(submission, { hideFields });
  const deleted = await settle(erase(submission.value.current_password));
  if (!deleted.ok) return formAnswer(submission, { refusal: deleted.refusal, hideFields, field: "current_password" });
  // Every session of the account ended with it; this browser's cookie goes too.
  throw redirect(landing, { headers: { "Set-Cookie": await sessionCookie(request, kind, null) } });
}
