import { apiJson } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";
import { requireIdParam } from "~/http/api-route.server";
import { removePortfolioItem } from "~/domain/creators/portfolio.server";
import { workingCreator } from "~/auth/index.server";

/** DELETE /api/v1/creator/portfolio/{id}: one of the creator's items leaves the portfolio (and storage). */
export const action = apiCall("DELETE /creator/portfolio/{id}", async ({ params, caller, context }) => {
  const id = requireIdParam(params.id, "Portfolio item not found");
  workingCreator(await caller.account());
  await removePortfolioItem(context.db, context.env.MEDIA, caller.id, id);
  return apiJson({ success: true, message: "Removed from your portfolio" });
});
