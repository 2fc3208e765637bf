/**
 * What every `/api/v1` route does the same way, in one place: read a JSON body and validate it with
 * the call's Zod schema (422 with one message per invalid field), turn a refusal thrown by a service
 * (a domain `Refusal`) into the API's error answer, and read record ids. Every API route's loader and
 * action is wrapped in `apiRoute`. Bearer tokens are checked by auth.server.ts (`requireApi*`, whose
 * refusals are `Refusal`s too), methods and CORS at the edge (api-boundary.server.ts).
 */
import type { z } from "zod";
import { wrapped } from "~/lib/api";
import { readJson } from "./request-body.server";
import { parseApiInput } from "~/lib/api-messages";
import { isRefusal, refuse } from "~/domain/refusal";
import { apiRefusal } from "./refusal-answer.server";

import { parseId } from "~/lib/record-id";
export { parseId };

/** A path's record id, or a 404 with `notFound` (an id that cannot exist names no record). */
export function requireIdParam(value: string | undefined, notFound: string): number {
  const id = parseId(value);
  if (id === null) throw refuse.notFound(notFound);
  return id;
}

/** A route's loader or action, with every `Refusal` thrown beneath it answered as the API's error. */
export function apiRoute<Args>(handler: (args: Args) => Promise<Response> | Response): (args: Args) => Promise<Response> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      if (isRefusal(error)) return apiRefusal(error);
      throw error;
    }
  };
}

/** The first message of each invalid field, in field order (SPEC §8 joins them with commas). */
export function fieldErrors(error: z.ZodError): string[] {
  const firstPerField = new Map<string, string>();
  for (const issue of error.issues) {
    const key = issue.path.join(".");
    if (!firstPerField.has(key)) firstPerField.set(key, issue.message);
  }
  return [...firstPerField.values()];
}

/**
 * The request's JSON body validated with `schema`: the object under `wrapper` when the call wraps
 * its payload (`{ user: { … } }`), or `pick(body)` for calls that accept several shapes. Anything
 * else throws: 415/413/400 for a body that is not a JSON object, 422 `failure` with `errors` for
 * invalid fields.
 */
export async function readApiBody<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
  { wrapper, pick, failure }: { wrapper?: string; pick?: (body: Record<string, unknown>) => unknown; failure: string },
): Promise<z.output<S>> {
  const body = await readJson(request);
  const payload = pick ? pick(body) : wrapper ? wrapped(body, wrapper) : body;
  const parsed = parseApiInput(schema, payload);
  if (!parsed.success) throw refuse.invalid(failure, fieldErrors(parsed.error));
  return parsed.data;
}
