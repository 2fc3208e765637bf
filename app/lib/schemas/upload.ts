import { z } from "zod";
import { distinctIds } from "./upload-ids";
import { DEFAULT_FRAME_RATE, FRAME_RATES, MASTERS_PER_DELIVERY, UPLOAD_MAX_BYTES, UPLOAD_PURPOSES } from "../rules/upload-rules";
import { plainText } from "./text";
import { MEDIA_PER_PRODUCT } from "../rules/media-rules";
import { DeliveryNoteSchema } from "./delivery";

const UploadId = z.string().uuid("Upload ids are UUIDs");

/**
 * Opening an upload in parts (the API's `POST /uploads` and the screens' `POST /uploads`): what it is
 * for, where it goes, the file's name, its exact size and the type the client believes it has (the
 * server reads the real one from part 1).
 */
export const UploadCreateSchema = z.object({
  purpose: z.enum(UPLOAD_PURPOSES, { message: `purpose must be one of ${UPLOAD_PURPOSES.join(", ")}` }),
  order_id: z.number().int().min(1).optional().describe("The order a delivery or an attachment is for"),
  product_id: z.number().int().min(1).optional().describe("The product a media file is for"),
  name: plainText(
    z
      .string()
      .trim()
      .min(1, "name is required")
      .max(200, "name must be at most 200 characters")
      .refine((name) => !/[/\\]/.test(name), "name cannot contain slashes"),
    "name",
  ),
  size: z
    .number()
    .int("size must be a whole number of bytes")
    .min(1, "size must be at least 1 byte")
    .max(UPLOAD_MAX_BYTES.delivery, "size is larger than any upload may be")
    .describe("The file's exact size in bytes"),
  content_type: z.string().max(100).optional().describe("What the client believes the file is; the server reads its type from part 1"),
});
export type UploadCreateInput = z.infer<typeof UploadCreateSchema>;

/** The frame rate a delivery's review timecodes are shown in. */
export const FrameRateSchema = z.enum(FRAME_RATES, { message: `frame_rate must be one of ${FRAME_RATES.join(", ")}` });

/**
 * A delivery made of uploads (the API's JSON `POST /orders/{id}/deliveries`; the studio's screen sends
 * the same fields in its form): the note, the frame rate, the preview the customer watches and the
 * masters released on approval, by completed upload id.
 */
export const DeliveryUploadsSchema = z.object({
  note: DeliveryNoteSchema.unwrap().optional(),
  frame_rate: FrameRateSchema.default(DEFAULT_FRAME_RATE),
  preview_upload_id: UploadId.nullable().optional().describe("An MP4 or WebM the customer watches and comments on"),
  master_upload_ids: distinctIds(z.array(UploadId).max(MASTERS_PER_DELIVERY, `At most ${MASTERS_PER_DELIVERY} masters per delivery`), "Each master once")
    .default([])
    .describe("Full-quality files, downloadable once the customer approves"),
});
export type DeliveryUploadsInput = z.infer<typeof DeliveryUploadsSchema>;

/**
 * Product media sent in parts (`PUT /products/{id}` as JSON under `product`, beside the SPEC's
 * multipart): completed uploads of purpose product_media, by slot, and the title if it changes.
 */
export const ProductMediaUploadsSchema = z.object({
  title: z.string().optional(),
  image_upload_ids: distinctIds(z.array(UploadId).max(MEDIA_PER_PRODUCT.image, `At most ${MEDIA_PER_PRODUCT.image} images on a product`), "Each image once")
    .optional()
    .default([]),
  video_upload_ids: distinctIds(z.array(UploadId).max(MEDIA_PER_PRODUCT.video, `At most ${MEDIA_PER_PRODUCT.video} videos on a product`), "Each video once")
    .optional()
    .default([]),
  video_thumbnail_upload_id: UploadId.nullable().optional(),
  /** Who makes the product, the first the lead; `[]` makes it the studio's again; left out, unchanged. */
  creator_ids: z.array(z.number().int().min(1)).max(10, "At most 10 creators a product").optional(),
});
