/**
 * The screens' adapter for a domain `Refusal`: a loader or action shows it where the person is.
 * - `orPage(work)`: the refusal becomes the page's error (the error boundary, with the kind's status):
 *   an order that is not theirs is a 404 page.
 * - `settle(work)` (from the domain) and `refusalInit(refusal)`: the action answers the refusal in
 *   place, as a Conform reply or a message beside the form, with the kind's status (and for a
 *   throttle its `Retry-After`) on the document: `formAnswer(submission, { refusal })` as
 *   `{ result }` (Conform's reply), `refusedData(refusal)` as `{ refused: message }` where the
 *   page has no form to carry it.
 */
import { data } from "@remix-run/cloudflare";
import { isRefusal, settle, type Refusal } from "~/domain/refusal";
import { REFUSAL_STATUS, refusalInit } from "./refusal-answer.server";

export { refusalInit, settle };

/** The refusal as the page's error: a plain answer with the kind's status, caught by the error boundary. */
export function refusalPage(refusal: Refusal): Response {
  const { status, headers } = refusalInit(refusal);
  headers.set("Content-Type", "text/plain; charset=utf-8");
  return new Response(refusal.message, { status, headers });
}

/** The work's result; a refusal it throws is thrown on as the page's error (`refusalPage`). */
export async function orPage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw isRefusal(error) ? refusalPage(error) : error;
  }
}

/**
 * An action's answer when the work is refused beside a form that has no field for it (a button, an
 * upload): `{ refused: message, ...beside }` with the kind's status and headers. Every screen answers
 * such a refusal under `refused`, and `<Refused>` (app/components/ui/form.tsx) shows it.
 */
export function refusedData<Beside extends Record<string, unknown> = Record<never, never>>(refusal: Refusal, beside?: Beside) {
  return data({ ...(beside ?? ({} as Beside)), refused: refusal.message }, refusalInit(refusal));
}

/**
 * The status of a form whose fields its schema refused (the validation reply): the domain's
 * `invalid`, as the API answers it. A form that cannot be read at all stays 400.
 */
export function invalidForm(): ResponseInit {
  return { status: REFUSAL_STATUS.invalid };
}

type Reply<R> = {
  status?: "success" | "error";
  reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => R;
};

export interface FormAnswerOptions<Beside> {
  /** Why the work was refused; none: the form's own validation reply. */
  refusal?: Refusal | null;
  /** Fields the reply does not send back (a password). */
  hideFields?: string[];
  /** The field that carries an `invalid` refusal's message (the current password, say); else the form's error. */
  field?: string;
  /** What the page reads beside the reply: on a page with several forms, the `intent` of the one that was sent. */
  beside?: Beside;
}

/**
 * A form's answer when it cannot be done, the one shape every screen's Conform form reads:
 * `{ ...beside, result }`, `result` being Conform's reply. With no refusal, the validation reply
 * (the domain's `invalid` status when the fields were refused; none for a reply that only
 * validates, such as Conform's list intents); with one, the reply carrying its message (on `field`
 * when given) with the kind's status and headers (`refusalInit`: a throttle's `Retry-After`).
 */
export function formAnswer<R, const Beside extends Record<string, unknown> = Record<never, never>>(
  submission: Reply<R>,
  { refusal = null, hideFields, field, beside }: FormAnswerOptions<Beside> = {},
) {
  const around = beside ?? ({} as Beside);
  if (!refusal) return data({ ...around, result: submission.reply({ hideFields }) }, submission.status === "error" ? invalidForm() : undefined);
  const onField = field !== undefined && refusal.kind === "invalid";
  const result = onField
    ? submission.reply({ fieldErrors: { [field]: [refusal.message] }, hideFields })
    : submission.reply({ formErrors: refusal.message ? [refusal.message] : undefined, hideFields });
  return data({ ...around, result }, refusalInit(refusal));
}
