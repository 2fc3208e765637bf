import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { apiJson, PUBLIC_CACHE } from "~/lib/api";
import { requireApiAdmin } from "~/auth/index.server";
import { addFiles, addMediaFromUploads } from "~/domain/media/media.server";
import { ProductDetailsSchema } from "~/lib/schemas/product";
import { getProductStatus, productExists, renameProduct } from "~/domain/catalogue/product-admin.server";
import { getProduct } from "~/domain/catalogue/products.server";
import { parseId } from "~/lib/record-id";
import { apiRoute, readApiBody } from "~/http/api-route.server";
import { ProductMediaUploadsSchema } from "~/lib/schemas/upload";
import { readForm } from "~/http/request-body.server";
import { PRODUCT_MEDIA_FORM } from "~/lib/media-rules";

/** GET /api/v1/products/{id} → { success, data, message } (SPEC §7). */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const id = parseId(params.id);
  if (id === null) throw refuse.malformed("Product id must be a positive whole number");
  const product = await getProduct(context.db, id);
  if (!product) throw refuse.notFound("Product not found");
  return apiJson({ success: true, data: product, message: "Product fetched successfully" }, { cache: PUBLIC_CACHE, request });
});

/**
 * PUT /api/v1/products/{id} (admins), multipart: product[title], images[] and videos[] repeated,
 * video_thumbnail single (SPEC §7, step 2 of product creation). Every file is checked before any
 * is stored; the title (if sent) is checked first and saved after the files.
 */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const admin = await requireApiAdmin(context, request);
  const id = parseId(params.id);
  if (id === null) throw refuse.malformed("Product id must be a positive whole number");
  if (!(await productExists(context.db, id))) throw refuse.notFound("Product not found");
  const type = request.headers.get("Content-Type") ?? "";
  if (type.startsWith("application/json")) {
    const input = await readApiBody(request, ProductMediaUploadsSchema, { wrapper: "product", failure: "Product media is invalid" });
    const title = input.title === undefined ? null : ProductDetailsSchema.shape.title.safeParse(input.title);
    if (title && !title.success) throw refuse.invalid(title.error.issues[0]!.message);
    if (!title && !input.image_upload_ids.length && !input.video_upload_ids.length && !input.video_thumbnail_upload_id)
      throw refuse.invalid("Nothing to update: send title, image_upload_ids, video_upload_ids or video_thumbnail_upload_id");
    await addMediaFromUploads(context.db, context.env.MEDIA, id, admin.id, {
      images: input.image_upload_ids,
      videos: input.video_upload_ids,
      thumbnail: input.video_thumbnail_upload_id ?? null,
    });
    if (title) await renameProduct(context.db, id, title.data);
    const [product, status] = await Promise.all([getProduct(context.db, id, { includeArchived: true }), getProductStatus(context.db, id)]);
    return apiJson({ success: true, message: "Images and videos uploaded successfully!", data: { ...product, status } }, { request });
  }
  if (!type.includes("multipart/form-data")) throw refuse.unsupported("Content-Type must be multipart/form-data or application/json");
  const form = await readForm(request, PRODUCT_MEDIA_FORM);
  const files = (name: string) => form.getAll(name).filter((f): f is File => f instanceof File && f.size > 0);
  const images = [...files("images[]"), ...files("images")];
  const videos = [...files("videos[]"), ...files("videos")];
  const thumbnail = [...files("video_thumbnail"), ...files("product[video_thumbnail]")][0];
  const rawTitle = form.get("product[title]");
  const title = typeof rawTitle === "string" ? ProductDetailsSchema.shape.title.safeParse(rawTitle) : null;
  if (title && !title.success) throw refuse.invalid(title.error.issues[0]!.message);
  if (!title && !images.length && !videos.length && !thumbnail) {
    throw refuse.invalid("Nothing to update: send product[title], images[], videos[] or video_thumbnail");
  }
  // Every file is checked, and the media rule (a video needs a thumbnail) kept, before any is stored.
  await addFiles(context.db, context.env.MEDIA, id, [
    ...images.map((file) => ({ kind: "image" as const, file })),
    ...videos.map((file) => ({ kind: "video" as const, file })),
    ...(thumbnail ? [{ kind: "thumbnail" as const, file: thumbnail }] : []),
  ]);
  if (title) await renameProduct(context.db, id, title.data);
  const [product, status] = await Promise.all([getProduct(context.db, id, { includeArchived: true }), getProductStatus(context.db, id)]);
  return apiJson({ success: true, message: "Images and videos uploaded successfully!", data: { ...product, status } }, { request });
});
