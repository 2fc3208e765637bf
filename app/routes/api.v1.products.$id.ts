import { refuse } from "~/domain/refusal";
import { apiJson, PUBLIC_CACHE } from "~/lib/api";
import { addFiles, addMediaFromUploads } from "~/domain/media/media.server";
import { ProductDetailsSchema } from "~/lib/schemas/product";
import { getProductStatus, productExists, renameProduct } from "~/domain/catalogue/product-admin.server";
import { getProduct } from "~/domain/catalogue/products.server";
import { parseId } from "~/lib/record-id";
import { setProductCreators } from "~/domain/creators/creators.server";
import { apiCall } from "~/http/api/call.server";

/** A product id of the path, or 400 (SPEC §7 answers a malformed id so). */
function productId(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw refuse.malformed("Product id must be a positive whole number");
  return id;
}

/** GET /api/v1/products/{id} → { success, data, message } (SPEC §7). */
export const loader = apiCall("GET /products/{id}", async ({ params, context }) => {
  const product = await getProduct(context.db, productId(params.id));
  if (!product) throw refuse.notFound("Product not found");
  return apiJson({ success: true, data: product, message: "Product fetched successfully" }, { cache: PUBLIC_CACHE });
});

/**
 * PUT /api/v1/products/{id} (admins), multipart: product[title], images[] and videos[] repeated,
 * video_thumbnail single (SPEC §7, step 2 of product creation); or JSON naming uploads sent in parts.
 * Every file is checked before any is stored; the title (if sent) is checked first and saved after the files.
 */
export const action = apiCall("PUT /products/{id}", async ({ params, context, caller, readBody }) => {
  const id = productId(params.id);
  if (!(await productExists(context.db, id))) throw refuse.notFound("Product not found");
  const { json, form } = await readBody();
  const title = validTitle(form ? form.get("product[title]") : json.title);
  if (json) {
    if (!title && !json.image_upload_ids.length && !json.video_upload_ids.length && !json.video_thumbnail_upload_id && !json.creator_ids)
      throw refuse.invalid("Nothing to update: send title, image_upload_ids, video_upload_ids, video_thumbnail_upload_id or creator_ids");
    await addMediaFromUploads(context.db, context.env.MEDIA, id, caller.id, {
      images: json.image_upload_ids,
      videos: json.video_upload_ids,
      thumbnail: json.video_thumbnail_upload_id ?? null,
    });
  } else {
    const files = (name: string) => form.getAll(name).filter((f): f is File => f instanceof File && f.size > 0);
    const images = [...files("images[]"), ...files("images")];
    const videos = [...files("videos[]"), ...files("videos")];
    const thumbnail = [...files("video_thumbnail"), ...files("product[video_thumbnail]")][0];
    if (!title && !images.length && !videos.length && !thumbnail) {
      throw refuse.invalid("Nothing to update: send product[title], images[], videos[] or video_thumbnail");
    }
    // Every file is checked, and the media rule (a video needs a thumbnail) kept, before any is stored.
    await addFiles(context.db, context.env.MEDIA, id, [
      ...images.map((file) => ({ kind: "image" as const, file })),
      ...videos.map((file) => ({ kind: "video" as const, file })),
      ...(thumbnail ? [{ kind: "thumbnail" as const, file: thumbnail }] : []),
    ]);
  }
  if (json?.creator_ids) await setProductCreators(context.db, id, json.creator_ids);
  if (title) await renameProduct(context.db, id, title);
  const [product, status] = await Promise.all([getProduct(context.db, id, { includeArchived: true }), getProductStatus(context.db, id)]);
  return apiJson({ success: true, message: "Images and videos uploaded successfully!", data: { ...product, status } });
});

/** A new title when one is sent (checked as the product's details check it), or null. */
function validTitle(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const parsed = ProductDetailsSchema.shape.title.safeParse(value);
  if (!parsed.success) throw refuse.invalid(parsed.error.issues[0]!.message);
  return parsed.data;
}
