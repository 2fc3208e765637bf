import { apiJson } from "~/lib/api";
import { apiCall } from "~/http/api/call.server";
import { addPortfolioUpload, getPortfolio } from "~/domain/creators/portfolio.server";
import { workingCreator } from "~/auth/index.server";

/** GET /api/v1/creator/portfolio: the creator's avatar, showreel and pieces. */
export const loader = apiCall("GET /creator/portfolio", async ({ caller, context }) => {
  await caller.account();
  return apiJson({ success: true, data: await getPortfolio(context.db, caller.id) });
});

/** POST /api/v1/creator/portfolio {portfolio_item:{kind, upload_id, title}}: an upload sent in parts joins the portfolio (201). */
export const action = apiCall("POST /creator/portfolio", async ({ body, caller, context }) => {
  workingCreator(await caller.account());
  const item = await addPortfolioUpload(context.db, context.env.MEDIA, caller.id, body.kind, body.title, body.upload_id);
  return apiJson({ success: true, message: "Added to your portfolio", data: item }, { status: 201 });
});
