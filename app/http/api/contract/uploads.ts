/** Uploads in parts: deliveries' masters and previews, attachments, product media. */
import { UploadCreateSchema } from "~/lib/schemas/upload";
import { OPEN_UPLOADS_LIMITS } from "~/lib/rules/delivery-rules";
import {
  UploadResponse,
  UploadedPart,
  ok,
  done,
  binary,
  refusals,
  READ,
  WRITE,
  JSON_BODY,
  NO_TOKEN,
  invalid,
  notFound,
  conflict,
  UPLOAD_NOT_FOUND,
} from "./shared";
import type { ApiOperation } from "./shared";

export const UPLOADS_CALLS = [
  {
    method: "POST",
    path: "/uploads",
    summary:
      "Open an upload of a file of any size, sent in parts straight into storage: answers its id, part_size and part_count. Deliveries (admins) up to 20 GB a file; attachments (the order's owner or admins) within the order's 5 GB; product media (admins); creator media (a creator's avatar, showreel and portfolio pieces: the creator)",
    auth: "customer, admin or creator",
    body: {
      schema: UploadCreateSchema,
      wrapper: "upload",
      example: { purpose: "delivery", order_id: 12, name: "final-prores.mov", size: 4_800_000_000, content_type: "video/quicktime" },
    },
    responses: { 201: { description: "Opened", schema: ok(UploadResponse) } },
    refusals: refusals(
      WRITE,
      NO_TOKEN,
      JSON_BODY,
      notFound("Not the caller's order or product (or a customer asking for a delivery or product media)", "Order not found"),
      invalid("A field breaks its rule", "Upload is invalid", ["purpose must be one of delivery, attachment, product_media, creator_media"]),
      { forbidden: { description: "Creator media from anyone but a creator", message: "Only a creator sends portfolio files" } },
      conflict("The order takes no delivery now, or no more files", "Cannot deliver this order: it has been delivered and awaits review."),
      conflict(
        `The caller has ${OPEN_UPLOADS_LIMITS.perAccount} uploads open, or the order ${OPEN_UPLOADS_LIMITS.perOrder}`,
        `You have ${OPEN_UPLOADS_LIMITS.perAccount} uploads open: finish or cancel one before starting another.`,
      ),
      {
        too_large: {
          description: "Larger than the purpose allows, or past the sender's budget on the order (the customer's attachments 5 GB; the studio's files 20 GB)",
          message: "final.mov is too large: at most 20 GB per file",
        },
      },
    ),
  },
  {
    method: "GET",
    path: "/uploads/{id}",
    summary: "An upload of the caller's and the parts taken so far (resume by sending the others)",
    auth: "customer, admin or creator",
    responses: { 200: { description: "The upload", schema: ok(UploadResponse) } },
    refusals: refusals(READ, NO_TOKEN, UPLOAD_NOT_FOUND),
  },
  {
    method: "PUT",
    path: "/uploads/{id}/parts/{n}",
    summary:
      "Part n (from 1): its raw bytes, with a Content-Length of exactly part_size (the last part: what is left). Part 1's first bytes decide the file's type; sending a part again replaces it",
    auth: "customer, admin or creator",
    body: { schema: binary("The part's bytes"), contentType: "application/octet-stream", example: {} },
    responses: { 200: { description: "Taken", schema: ok(UploadedPart) } },
    refusals: refusals(
      WRITE,
      NO_TOKEN,
      notFound("Not the caller's upload, or a part number out of range", "Upload not found"),
      { malformed: "The body ended before its Content-Length" },
      invalid(
        "A Content-Length other than the part's size, or part 1 of a file the purpose does not take (the upload is then cancelled)",
        "Part 1 must be sent with a Content-Length of exactly 5242880 bytes",
      ),
      conflict("The upload is already complete", "This upload is already complete"),
      { gone: { description: "The upload was cancelled", message: "This upload was cancelled: start it again" } },
      { too_large: "A part over 64 MB" },
    ),
  },
  {
    method: "POST",
    path: "/uploads/{id}/complete",
    summary: "Join the parts into the stored file, once every part has arrived (part 1 first of all); a delivery or message then names it by id",
    auth: "customer, admin or creator",
    responses: { 200: { description: "Stored", schema: ok(UploadResponse, { message: "Upload complete" }) } },
    refusals: refusals(WRITE, NO_TOKEN, UPLOAD_NOT_FOUND, conflict("Parts missing, or already complete", "2 of 3 parts have not arrived yet"), {
      gone: { description: "The upload was cancelled", message: "This upload was cancelled: start it again" },
    }),
  },
  {
    method: "DELETE",
    path: "/uploads/{id}",
    summary: "Cancel an upload (open, or complete and not yet named by a delivery): nothing of it stays stored",
    auth: "customer, admin or creator",
    responses: { 200: { description: "Cancelled", schema: done("Upload cancelled") } },
    refusals: refusals(
      WRITE,
      NO_TOKEN,
      UPLOAD_NOT_FOUND,
      conflict("A delivery or message names it", "This file is part of a delivery or message and cannot be cancelled"),
    ),
  },
] as const satisfies readonly ApiOperation[];
