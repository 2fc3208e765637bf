import { apiJson } from "~/lib/api";
import { apiUpdateProfile } from "~/auth/index.server";
import { apiCall } from "~/http/api/call.server";

/** PUT /api/v1/users/update_profile {user:{name}} → data is the user (SPEC §7). */
export const action = apiCall("PUT /users/update_profile", async ({ body: { name }, caller, context }) => {
  return apiJson({ success: true, message: "Profile updated successfully", data: await apiUpdateProfile(context, caller, "customer", name) });
});
