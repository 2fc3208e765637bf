import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiError, apiJson, methodNotAllowed } from "~/lib/api";
import { mediaKinds, type MediaKind } from "../../db/schema";
import { requireAdminForFetch } from "~/auth/auth.server";
import { addMedia, IMAGE_LIMIT_BYTES, MediaError, VIDEO_LIMIT_BYTES } from "~/domain/media/media.server";
import { productExists } from "~/domain/catalogue/product-admin.server";
import { parseId } from "~/lib/record-id";

/**
 * PUT /admin/products/{id}/media?kind=image|video|thumbnail&name=…: one file as the raw request body,
 * streamed to R2 without buffering (step 2 of product creation in the browser, with upload progress).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  await requireAdminForFetch(context, request);
  const url = new URL(request.url);
  const kind = url.searchParams.get("kind") as MediaKind | null;
  if (!kind || !mediaKinds.includes(kind)) return apiError(400, "kind must be image, video or thumbnail");
  const id = parseId(params.id);
  if (!id || !(await productExists(context.db, id))) return apiError(404, "Product not found");
  const size = Number(request.headers.get("Content-Length"));
  if (!Number.isSafeInteger(size) || size <= 0 || !request.body) return apiError(411, "Send the file as the body, with its Content-Length");
  const limit = kind === "video" ? VIDEO_LIMIT_BYTES : IMAGE_LIMIT_BYTES;
  const name = (url.searchParams.get("name") ?? "The file").slice(0, 200);
  if (size > limit) return apiError(413, `${name} is too large: ${kind === "video" ? "videos" : "images"} can be at most ${limit / 1024 / 1024} MB.`);
  try {
    const stored = await addMedia(context.db, context.env.MEDIA, id, kind, { name, size, body: request.body });
    return apiJson({ success: true, data: stored }, { status: 201 });
  } catch (error) {
    if (error instanceof MediaError) return apiError(422, error.message);
    throw error;
  }
}

export function loader() {
  return methodNotAllowed("PUT");
}
