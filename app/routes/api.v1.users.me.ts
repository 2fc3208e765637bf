import { apiJson } from "~/lib/api";
import { ACCOUNT_DELETED } from "~/lib/schemas/account-deletion";
import { confirmCurrentPassword } from "~/auth/index.server";
import { deleteCustomerAccount } from "~/domain/privacy/account-deletion.server";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/users/me → data is the user (SPEC §7). */
export const loader = apiCall("GET /users/me", async ({ caller }) => apiJson({ success: true, data: await caller.account() }));

/**
 * DELETE /api/v1/users/me {user:{current_password}}: the account is erased (GDPR art. 17;
 * app/domain/privacy/account-deletion.server.ts); 422 for a wrong password, 409 while work is open.
 */
export const action = apiCall("DELETE /users/me", async ({ body, caller, context }) => {
  await deleteCustomerAccount(context, caller.id, () => confirmCurrentPassword(context, "customer", caller.id, body.current_password, caller.issuedAt));
  return apiJson({ success: true, message: ACCOUNT_DELETED });
});
