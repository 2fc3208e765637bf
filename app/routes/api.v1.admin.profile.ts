import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { UpdateProfileSchema } from "~/lib/schemas/auth";
import { apiUpdateProfile, requireApiAdmin, requireApiToken } from "~/auth/index.server";
import { apiRoute, readApiBody } from "~/http/api-route.server";

/** GET /api/v1/admin/profile → data is the admin (SPEC §7). */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  return apiJson({ success: true, data: await requireApiAdmin(context, request) });
});

/** PUT /api/v1/admin/profile {admin:{name}}. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const token = await requireApiToken(context, request, "admin");
  const { name } = await readApiBody(request, UpdateProfileSchema, { wrapper: "admin", failure: "Profile update failed" });
  return apiJson({ success: true, message: "Profile updated successfully", data: await apiUpdateProfile(context, token, "admin", name) });
});
