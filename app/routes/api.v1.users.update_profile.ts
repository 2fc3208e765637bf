import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { UpdateProfileSchema } from "~/lib/schemas/auth";
import { apiUpdateProfile, requireApiToken } from "~/auth/index.server";
import { apiRoute, readApiBody } from "~/http/api-route.server";

/** PUT /api/v1/users/update_profile {user:{name}} → data is the user (SPEC §7). */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const token = await requireApiToken(context, request, "customer");
  const { name } = await readApiBody(request, UpdateProfileSchema, { wrapper: "user", failure: "Profile update failed" });
  return apiJson({ success: true, message: "Profile updated successfully", data: await apiUpdateProfile(context, token, "customer", name) });
});
