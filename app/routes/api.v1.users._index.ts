import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { apiJson } from "~/lib/api";
import { firstIssueMessage, KeysetQuerySchema, searchParamsObject } from "~/lib/query";
import { listUsers, requireApiAdmin } from "~/auth/index.server";
import { parseApiInput } from "~/lib/api-messages";
import { apiRoute } from "~/http/api-route.server";

/** GET /api/v1/users?limit&pageNumber (admins) → data, meta.totalPages (SPEC §7); `?after=` walks by keyset. */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  await requireApiAdmin(context, request);
  const parsed = parseApiInput(KeysetQuerySchema, searchParamsObject(new URL(request.url).searchParams, ["limit", "pageNumber", "after"]));
  if (!parsed.success) throw refuse.malformed(firstIssueMessage(parsed.error));
  const { limit = 5, pageNumber = 1, after } = parsed.data;
  const page = await listUsers(context.db, pageNumber, limit, after);
  return apiJson({ success: true, data: page.data, meta: { totalPages: page.totalPages, currentPage: pageNumber, totalCount: page.total, limit } });
});
