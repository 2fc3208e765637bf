import { z } from "zod";
import { ATTACHMENT_LIMITS } from "../rules/delivery-rules";
import { documented } from "./json-schema";

/**
 * A list of upload ids in which each appears once (the same upload named twice is a client's
 * mistake, refused with a message rather than met by the database's unique key).
 */
export function distinctIds<T extends z.ZodTypeAny>(list: z.ZodArray<T>, message = "Each upload once") {
  return documented(
    list.refine((ids) => new Set(ids).size === ids.length, message),
    { uniqueItems: true },
  );
}

/**
 * Files sent in parts beforehand and attached by id (a message's or a brief's `upload_ids`): completed
 * uploads of the order, the sender's own, at most as many as a message may carry. A form sends the
 * field once per file.
 */
export const AttachmentUploadIds = distinctIds(
  z.array(z.string().uuid("Upload ids are UUIDs")).max(ATTACHMENT_LIMITS.files, `At most ${ATTACHMENT_LIMITS.files} files at a time`),
  "Each file once",
)
  .optional()
  .default([])
  .describe("Completed uploads (purpose attachment) of this order, sent in parts beforehand");
