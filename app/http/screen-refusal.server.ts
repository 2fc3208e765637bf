/**
 * The screens' adapter for a domain `Refusal`: a loader or action shows it where the person is.
 * - `orPage(work)`: the refusal becomes the page's error (the error boundary, with the kind's status):
 *   an order that is not theirs is a 404 page.
 * - `settle(work)` (from the domain) and `refusalInit(refusal)`: the action answers the refusal in
 *   place, as a Conform reply or a message beside the form, with the kind's status (and for a
 *   throttle its `Retry-After`) on the document; `refusedData(refusal)` answers it as
 *   `{ refused: message }` where no field of the form can carry it.
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

type Reply<R> = { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => R };

/**
 * A form's answer when it cannot be done: with no refusal, the validation reply (`invalidForm`); with one, the
 * reply carrying its message (on `field` when given: the current password, say) and the kind's
 * status and headers. The route puts `result` where its page reads it.
 */
export function formRefusal<R>(
  submission: Reply<R>,
  refusal: Refusal | null,
  { hideFields, field }: { hideFields?: string[]; field?: string } = {},
): { result: R; init: ResponseInit } {
  if (!refusal) return { result: submission.reply({ hideFields }), init: invalidForm() };
  const onField = field !== undefined && refusal.kind === "invalid";
  const result = onField
    ? submission.reply({ fieldErrors: { [field]: [refusal.message] }, hideFields })
    : submission.reply({ formErrors: refusal.message ? [refusal.message] : undefined, hideFields });
  return { result, init: refusalInit(refusal) };
}
