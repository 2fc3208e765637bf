import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { ACCOUNT_DELETED, DeleteAccountSchema } from "~/lib/schemas/account-deletion";
import { confirmCurrentPassword, requireApiCustomer, requireApiToken } from "~/auth/index.server";
import { deleteCustomerAccount } from "~/domain/privacy/account-deletion.server";
import { apiRoute, readApiBody } from "~/http/api-route.server";

/** GET /api/v1/users/me → data is the user (SPEC §7). */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  return apiJson({ success: true, data: await requireApiCustomer(context, request) });
});

/**
 * DELETE /api/v1/users/me {user:{current_password}}: the account is erased (GDPR art. 17;
 * app/domain/privacy/account-deletion.server.ts); 422 for a wrong password, 409 while work is open.
 */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const token = await requireApiToken(context, request, "customer");
  const input = await readApiBody(request, DeleteAccountSchema, { wrapper: "user", failure: "Account deletion failed" });
  await deleteCustomerAccount(context, token.id, () => confirmCurrentPassword(context, "customer", token.id, input.current_password, token.issuedAt));
  return apiJson({ success: true, message: ACCOUNT_DELETED });
});
