import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireCreator } from "~/auth/index.server";
import { creatorStatement, statementPdf } from "~/domain/payouts/statements.server";
import { notFound } from "~/http/answers.server";
import { STATEMENT_MESSAGES } from "~/lib/rules/payouts";

/** GET /studio/payouts/statements/{yyyy-mm}/statement.pdf: the creator's monthly statement as a PDF download, theirs only. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const creator = await requireCreator(context, request, { allowSuspended: true });
  const statement = await creatorStatement(context.db, creator.id, params.month ?? "");
  if (!statement) throw notFound(STATEMENT_MESSAGES.notFound);
  return new Response(await statementPdf(statement), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="statement-${statement.month}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
