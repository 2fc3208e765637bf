import { apiJson } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";
import { inviteCreator } from "~/auth/index.server";

/** POST /api/v1/admin/creators/invitations {invitation:{email, name}} → 201, the invited creator (a 7-day single-use link emailed). */
export const action = apiCall("POST /admin/creators/invitations", async ({ body, caller, context }) => {
  const invited = await inviteCreator(context, caller.id, body);
  return apiJson({ success: true, message: "Invitation sent", data: invited }, { status: 201 });
});
