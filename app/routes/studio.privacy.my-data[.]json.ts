import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireCreator } from "~/auth/index.server";
import { exportCreatorData } from "~/domain/privacy/creator-privacy.server";
import { notFound } from "~/http/answers.server";

/** GET /studio/privacy/my-data.json: the signed-in creator's data as a file to keep ("Download my data"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const creator = await requireCreator(context, request);
  const data = await exportCreatorData(context.db, creator.id, context.origin);
  if (!data) throw notFound("Not found");
  context.privacy.personal = true;
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="reelcraft-creator-data-${day}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
