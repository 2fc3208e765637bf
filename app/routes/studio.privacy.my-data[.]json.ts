import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireCreator } from "~/auth/index.server";
import { exportCreatorData } from "~/domain/privacy/creator-privacy.server";
import { notFound } from "~/http/answers.server";
import { personalDataFile } from "~/http/data-rights.server";

/** GET /studio/privacy/my-data.json: the signed-in creator's data as a file to keep ("Download my data"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const creator = await requireCreator(context, request, { allowSuspended: true });
  const data = await exportCreatorData(context.db, creator.id, context.origin);
  if (!data) throw notFound("Not found");
  return personalDataFile(context, data, "reelcraft-creator-data");
}
