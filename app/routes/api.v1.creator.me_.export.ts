import { exportCreatorData } from "~/domain/privacy/creator-privacy.server";
import { refuse } from "~/domain/refusal";
import { apiJson } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/creator/me/export: everything the shop keeps about the signed-in creator, as JSON (GDPR arts. 15 and 20). */
export const loader = apiCall("GET /creator/me/export", async ({ caller, context }) => {
  const data = await exportCreatorData(context.db, caller.id, context.origin);
  if (!data) throw refuse.notFound("Creator not found");
  return apiJson({ success: true, data });
});
