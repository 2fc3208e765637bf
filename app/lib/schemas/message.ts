import { z } from "zod";
import { MESSAGE_MAX } from "../rules/text-limits";
import { plainText } from "./text";
import { AttachmentUploadIds } from "./upload-ids";

/** A message of an order's thread (`POST /api/v1/orders/{id}/messages` under `message`, and the thread's form). */
export const MessageSchema = z.object({
  body: plainText(
    z.string({ required_error: "Write a message" }).trim().min(1, "Write a message").max(MESSAGE_MAX, `A message must be at most ${MESSAGE_MAX} characters`),
    "Message",
    { multiline: true },
  ),
  upload_ids: AttachmentUploadIds,
});
export type MessageInput = z.output<typeof MessageSchema>;
