import { z } from "zod";
import { ATTACHMENT_LIMITS } from "../rules/delivery-rules";

/**
 * Files sent in parts beforehand and attached by id (a message's or a brief's `upload_ids`): completed
 * uploads of the order, the sender's own, at most as many as a message may carry. A form sends the
 * field once per file.
 */
export const AttachmentUploadIds = z
  .array(z.string().uuid("Upload ids are UUIDs"))
  .max(ATTACHMENT_LIMITS.files, `At most ${ATTACHMENT_LIMITS.files} files at a time`)
  .optional()
  .default([])
  .describe("Completed uploads (purpose attachment) of this order, sent in parts beforehand");
