import { exportCreatorData } from "~/domain/privacy/creator-privacy.server";
import { refuse } from "~/domain/refusal";
import { apiJson } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/creator/me/export: everything the shop keeps about the signed-in creator, as JSON (GDPR arts. 15 and 20). */
export const loader = apiCall("GET /creator/me/export", async ({ caller, context }) => {
  // The token still honoured (not signed out everywhere, no password change since), as every account call asks.
  const creator = await caller.account();
  const data = await exportCreatorData(context.db, creator.id, context.origin);
  if (!data) throw refuse.notFound("Creator not found");
  return apiJson({ success: true, data });
});
