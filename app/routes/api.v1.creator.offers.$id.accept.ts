import { apiJson } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";
import { requireIdParam } from "~/http/api-route.server";
import { acceptOffer } from "~/domain/creators/offers.server";
import { workingCreator } from "~/auth/index.server";
import { OFFER_MESSAGES } from "~/lib/rules/offers";

/** POST /api/v1/creator/offers/{id}/accept: the order becomes the creator's, exactly once. */
export const action = apiCall("POST /creator/offers/{id}/accept", async ({ params, caller, context }) => {
  const id = requireIdParam(params.id, OFFER_MESSAGES.notFound);
  workingCreator(await caller.account());
  const data = await acceptOffer(context.db, caller.id, id);
  return apiJson({ success: true, message: OFFER_MESSAGES.accepted, data });
});
