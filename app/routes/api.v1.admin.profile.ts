import { apiJson } from "~/lib/api";
import { apiUpdateProfile } from "~/auth/index.server";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/admin/profile → data is the admin (SPEC §7). */
export const loader = apiCall("GET /admin/profile", async ({ caller }) => apiJson({ success: true, data: await caller.account() }));

/** PUT /api/v1/admin/profile {admin:{name}}. */
export const action = apiCall("PUT /admin/profile", async ({ body: { name }, caller, context }) => {
  return apiJson({ success: true, message: "Profile updated successfully", data: await apiUpdateProfile(context, caller, "admin", name) });
});
