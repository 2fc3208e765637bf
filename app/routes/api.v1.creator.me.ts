import { apiJson } from "~/lib/api";
import { apiCall, apiCalls } from "~/http/api/call.server";
import { confirmCurrentPassword } from "~/auth/index.server";
import { getCreatorProfile, updateCreatorProfile } from "~/domain/creators/creators.server";
import { deleteCreatorAccount } from "~/domain/privacy/creator-privacy.server";
import { ACCOUNT_DELETED } from "~/lib/schemas/account-deletion";

/** GET /api/v1/creator/me → the creator's profile (a suspended creator's carries the statement of reasons). */
export const loader = apiCall("GET /creator/me", async ({ caller, context }) => {
  await caller.account();
  return apiJson({ success: true, data: await getCreatorProfile(context.db, caller.id) });
});

export const action = apiCalls({
  /** PUT /api/v1/creator/me {creator:{name, headline, bio, country, languages, skills, capacity, away_until}}. */
  PUT: apiCall("PUT /creator/me", async ({ body, caller, context }) => {
    const profile = await updateCreatorProfile(context.db, caller.id, body, { tokenIssuedAt: caller.issuedAt });
    return apiJson({ success: true, message: "Profile updated successfully", data: profile });
  }),
  /** DELETE /api/v1/creator/me {creator:{current_password}}: the account is erased (app/domain/privacy/creator-privacy.server.ts); 409 while an order of theirs is being made. */
  DELETE: apiCall("DELETE /creator/me", async ({ body, caller, context }) => {
    await deleteCreatorAccount(context, caller.id, () => confirmCurrentPassword(context, "creator", caller.id, body.current_password, caller.issuedAt));
    return apiJson({ success: true, message: ACCOUNT_DELETED });
  }),
});
