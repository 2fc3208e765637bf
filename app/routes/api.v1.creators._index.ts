import { apiJson, PUBLIC_CACHE } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";
import { listPublicCreators } from "~/domain/creators/public.server";
import { CREATORS_PAGE_SIZE } from "~/lib/rules/creator-figures";

/** GET /api/v1/creators?limit&pageNumber[&skill][&country] → the public creators, ranked (their figures kept). */
export const loader = apiCall("GET /creators", async ({ query, context }) => {
  const { limit = CREATORS_PAGE_SIZE, pageNumber = 1, skill, country } = query;
  const page = await listPublicCreators(context.db, { skill, country }, pageNumber, limit);
  return apiJson(
    { success: true, data: page.data, meta: { totalPages: page.totalPages, currentPage: pageNumber, totalCount: page.total, limit } },
    { cache: PUBLIC_CACHE },
  );
});
