import { refuse } from "~/domain/refusal";
import { apiJson } from "~/lib/api";
import { getUser } from "~/auth/index.server";
import { parseId } from "~/lib/record-id";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/users/{id}: admins only, whatever SPEC §7 says about its missing auth header. */
export const loader = apiCall("GET /users/{id}", async ({ caller, params, context }) => {
  await caller.account();
  const id = parseId(params.id);
  if (id === null) throw refuse.malformed("User id must be a positive whole number");
  const user = await getUser(context.db, id);
  if (!user) throw refuse.notFound("User not found");
  return apiJson({ success: true, data: user });
});
