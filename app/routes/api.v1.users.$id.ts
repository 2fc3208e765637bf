import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { apiJson } from "~/lib/api";
import { getUser, requireApiAdmin } from "~/auth/index.server";
import { parseId } from "~/lib/record-id";
import { apiRoute } from "~/http/api-route.server";

/** GET /api/v1/users/{id}: admins only, whatever SPEC §7 says about its missing auth header. */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  await requireApiAdmin(context, request);
  const id = parseId(params.id);
  if (id === null) throw refuse.malformed("User id must be a positive whole number");
  const user = await getUser(context.db, id);
  if (!user) throw refuse.notFound("User not found");
  return apiJson({ success: true, data: user });
});
