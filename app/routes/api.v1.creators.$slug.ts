import { apiJson, PUBLIC_CACHE } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";
import { CREATOR_NOT_FOUND, getPublicCreator } from "~/domain/creators/public.server";
import { refuse } from "~/domain/refusal";
import { isSlug } from "~/lib/slug";

/** GET /api/v1/creators/{slug} → a public creator's profile (404 for anyone the public does not see). */
export const loader = apiCall("GET /creators/{slug}", async ({ params, context }) => {
  if (!isSlug(params.slug)) throw refuse.notFound(CREATOR_NOT_FOUND);
  return apiJson({ success: true, data: await getPublicCreator(context.db, params.slug) }, { cache: PUBLIC_CACHE });
});
