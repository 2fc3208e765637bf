import { apiJson } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";
import { listCreatorOffers } from "~/domain/creators/offers.server";
import { workingCreator } from "~/auth/index.server";

/** GET /api/v1/creator/offers: work offered to the creator, waiting for their answer. */
export const loader = apiCall("GET /creator/offers", async ({ caller, context }) => {
  workingCreator(await caller.account());
  return apiJson({ success: true, data: await listCreatorOffers(context.db, caller.id) });
});
