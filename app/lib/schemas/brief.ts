import { z } from "zod";
import { AttachmentUploadIds } from "./upload-ids";
import { plainText } from "./text";
import { documented } from "./json-schema";

/** Limits of the brief form, named in the form itself. */
export const BRIEF_LIMITS = { purposeMin: 20, purposeMax: 5000, textMax: 2000, references: 5, urlMax: 500 } as const;

const optionalText = (label: string) =>
  plainText(z.string().trim().max(BRIEF_LIMITS.textMax, `${label} must be at most ${BRIEF_LIMITS.textMax} characters`), label, { multiline: true })
    .optional()
    .transform((v) => (v ? v : null));

const reference = plainText(
  z.string().trim().max(BRIEF_LIMITS.urlMax, `Each reference must be at most ${BRIEF_LIMITS.urlMax} characters`),
  "Each reference",
).refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}, "Each reference must be a web address starting with https://");

/**
 * The customer's brief (`PUT /api/v1/orders/{id}/brief` under `brief`, and the brief screen).
 * References arrive as a list in JSON, or as up to five `references` fields from the form.
 */
export const BriefSchema = z.object({
  purpose: plainText(
    z
      .string({ required_error: "What the video is for is required" })
      .trim()
      .min(BRIEF_LIMITS.purposeMin, `What the video is for must be at least ${BRIEF_LIMITS.purposeMin} characters`)
      .max(BRIEF_LIMITS.purposeMax, `What the video is for must be at most ${BRIEF_LIMITS.purposeMax} characters`),
    "What the video is for",
    { multiline: true },
  ),
  audience: optionalText("Audience"),
  style: optionalText("Style"),
  references: documented(
    z
      .array(z.string().optional())
      .optional()
      .transform((list) => (list ?? []).map((v) => (v ?? "").trim()).filter(Boolean))
      .pipe(z.array(reference).max(BRIEF_LIMITS.references, `At most ${BRIEF_LIMITS.references} references`)),
    {
      type: "array",
      items: {
        type: "string",
        format: "uri",
        maxLength: BRIEF_LIMITS.urlMax,
        // A web address on a host with a dot in its name (what the brief's check accepts).
        pattern: "^https?://[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)+(?:[/?#][^\\s\\u0000-\\u001f\\u007f-\\u009f]*)?$",
      },
      maxItems: BRIEF_LIMITS.references,
      description: "Web addresses of examples (https://…)",
      examples: [["https://example.com/reel"]],
    },
  ),
  must_haves: optionalText("Must-have content"),
  deadline_wish: documented(
    z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : null))
      .pipe(
        z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, "Deadline wish must be a date (YYYY-MM-DD)")
          .nullable(),
      ),
    { type: "string", format: "date", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", description: "A date (YYYY-MM-DD)" },
  ),
  upload_ids: AttachmentUploadIds,
});
export type BriefInput = z.output<typeof BriefSchema>;
