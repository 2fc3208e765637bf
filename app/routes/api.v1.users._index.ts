import { apiJson } from "~/lib/api";
import { listUsers } from "~/auth/index.server";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/users?limit&pageNumber (admins) → data, meta.totalPages (SPEC §7); `?after=` walks by keyset. */
export const loader = apiCall("GET /users", async ({ query, caller, context }) => {
  await caller.account();
  const { limit = 5, pageNumber = 1, after } = query;
  const page = await listUsers(context.db, pageNumber, limit, after);
  return apiJson({ success: true, data: page.data, meta: { totalPages: page.totalPages, currentPage: pageNumber, totalCount: page.total, limit } });
});
