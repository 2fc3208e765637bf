import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, methodNotAllowed } from "~/lib/api";
import { mediaKinds, type MediaKind } from "../../db/schema";
import { requireAdminForFetch } from "~/auth/index.server";
import { addMedia, IMAGE_LIMIT_BYTES, VIDEO_LIMIT_BYTES } from "~/domain/media/media.server";
import { productExists } from "~/domain/catalogue/product-admin.server";
import { apiRoute, requireIdParam } from "~/http/api-route.server";
import { refuse } from "~/domain/refusal";
import { lengthRequired } from "~/http/refusal-answer.server";

/**
 * PUT /admin/products/{id}/media?kind=image|video|thumbnail&name=…: one file as the raw request body,
 * streamed to R2 without buffering (step 2 of product creation in the browser, with upload progress).
 */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  await requireAdminForFetch(context, request);
  const url = new URL(request.url);
  const kind = url.searchParams.get("kind") as MediaKind | null;
  if (!kind || !mediaKinds.includes(kind)) throw refuse.malformed("kind must be image, video or thumbnail");
  const id = requireIdParam(params.id, "Product not found");
  if (!(await productExists(context.db, id))) throw refuse.notFound("Product not found");
  const size = Number(request.headers.get("Content-Length"));
  if (!Number.isSafeInteger(size) || size <= 0 || !request.body) return lengthRequired("Send the file as the body, with its Content-Length");
  const limit = kind === "video" ? VIDEO_LIMIT_BYTES : IMAGE_LIMIT_BYTES;
  const name = (url.searchParams.get("name") ?? "The file").slice(0, 200);
  if (size > limit) throw refuse.tooLarge(`${name} is too large: ${kind === "video" ? "videos" : "images"} can be at most ${limit / 1024 / 1024} MB.`);
  const stored = await addMedia(context.db, context.env.MEDIA, id, kind, { name, size, body: request.body });
  return apiJson({ success: true, data: stored }, { status: 201 });
});

export function loader() {
  return methodNotAllowed("PUT");
}
