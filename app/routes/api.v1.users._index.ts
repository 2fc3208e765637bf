import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { apiJson } from "~/lib/api";
import { firstIssueMessage, PaginationQuerySchema, searchParamsObject } from "~/lib/query";
import { listUsers, requireApiAdmin } from "~/auth/index.server";
import { parseApiInput } from "~/lib/api-messages";
import { apiRoute } from "~/http/api-route.server";

/** GET /api/v1/users?limit&pageNumber (admins) → data, meta.totalPages (SPEC §7). */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  await requireApiAdmin(context, request);
  const parsed = parseApiInput(PaginationQuerySchema, searchParamsObject(new URL(request.url).searchParams, ["limit", "pageNumber"]));
  if (!parsed.success) throw refuse.malformed(firstIssueMessage(parsed.error));
  const { limit = 5, pageNumber = 1 } = parsed.data;
  const page = await listUsers(context.db, pageNumber, limit);
  return apiJson({ success: true, data: page.data, meta: { totalPages: page.totalPages, currentPage: pageNumber, totalCount: page.total, limit } });
});
