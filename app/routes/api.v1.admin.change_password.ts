import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, wrapped } from "~/lib/api";
import { ChangePasswordSchema } from "~/lib/schemas/auth";
import { apiChangePassword, requireApiToken } from "~/auth/index.server";
import { apiRoute, readApiBody } from "~/http/api-route.server";

/** PUT /api/v1/admin/change_password: SPEC §7 leaves the wrapper open, so `admin`, `user` or a flat body. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const token = await requireApiToken(context, request, "admin");
  const input = await readApiBody(request, ChangePasswordSchema, {
    pick: (body) => (body.admin ? wrapped(body, "admin") : body.user ? wrapped(body, "user") : body),
    failure: "Password change failed",
  });
  await apiChangePassword(context, request, token, "admin", input);
  return apiJson({ success: true, message: "Password changed successfully. Please sign in again." });
});
