import { apiJson } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";
import { getCreatorProfile, updateCreatorProfile } from "~/domain/creators/creators.server";

/** GET /api/v1/creator/me → the creator's profile (a suspended creator's carries the statement of reasons). */
export const loader = apiCall("GET /creator/me", async ({ caller, context }) => {
  await caller.account();
  return apiJson({ success: true, data: await getCreatorProfile(context.db, caller.id) });
});

/** PUT /api/v1/creator/me {creator:{name, headline, bio, country, languages, skills, capacity, away_until}}. */
export const action = apiCall("PUT /creator/me", async ({ body, caller, context }) => {
  const profile = await updateCreatorProfile(context.db, caller.id, body, { tokenIssuedAt: caller.issuedAt });
  return apiJson({ success: true, message: "Profile updated successfully", data: profile });
});
