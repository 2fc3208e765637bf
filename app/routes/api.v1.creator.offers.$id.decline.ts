import { apiJson } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";
import { requireIdParam } from "~/http/api-route.server";
import { declineOffer } from "~/domain/creators/offers.server";
import { workingCreator } from "~/auth/index.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { OFFER_MESSAGES } from "~/lib/rules/offers";

/** POST /api/v1/creator/offers/{id}/decline: the offer closes and passes to the next creator. */
export const action = apiCall("POST /creator/offers/{id}/decline", async ({ params, body, caller, context }) => {
  const id = requireIdParam(params.id, OFFER_MESSAGES.notFound);
  workingCreator(await caller.account());
  const data = await declineOffer(context.db, mailNotice(context), caller.id, id, body.reason);
  return apiJson({ success: true, message: OFFER_MESSAGES.declined, data });
});
