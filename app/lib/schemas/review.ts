import { z } from "zod";
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_REPLY_MAX, REVIEW_TITLE_MAX } from "../rules/text-limits";
import { plainText } from "./text";

/** A customer's review of a completed order (`POST`/`PUT /api/v1/orders/{id}/review` under `review`, and the order page's form). */
export const ReviewSchema = z.object({
  rating: z.coerce
    .number({ required_error: "Choose from 1 to 5 stars", invalid_type_error: "Choose from 1 to 5 stars" })
    .int("Choose from 1 to 5 stars")
    .min(1, "Choose from 1 to 5 stars")
    .max(5, "Choose from 1 to 5 stars"),
  title: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value === null ? undefined : value),
    plainText(z.string().trim().max(REVIEW_TITLE_MAX, `The title must be at most ${REVIEW_TITLE_MAX} characters`), "The title").optional(),
  ),
  body: plainText(
    z
      .string({ required_error: `Write at least ${REVIEW_BODY_MIN} characters` })
      .trim()
      .min(REVIEW_BODY_MIN, `Write at least ${REVIEW_BODY_MIN} characters`)
      .max(REVIEW_BODY_MAX, `A review must be at most ${REVIEW_BODY_MAX} characters`),
    "The review",
    { multiline: true },
  ),
  /** Show the company the order was billed to beside the name (a checkbox: absent is no). */
  name_company: z
    .union([z.boolean(), z.enum(["on", "true", "false"])], { errorMap: () => ({ message: "name_company must be true or false" }) })
    .optional()
    .transform((v) => v === true || v === "on" || v === "true"),
});
export type ReviewInput = z.output<typeof ReviewSchema>;

/** The studio's one public answer to a review. */
export const ReviewReplySchema = z.object({
  body: plainText(
    z
      .string({ required_error: "Write an answer" })
      .trim()
      .min(1, "Write an answer")
      .max(REVIEW_REPLY_MAX, `An answer must be at most ${REVIEW_REPLY_MAX} characters`),
    "The answer",
    { multiline: true },
  ),
});

export const HIDE_REASONS = ["personal_data", "abuse", "off_topic"] as const;
export const HIDE_REASON_LABEL: Record<(typeof HIDE_REASONS)[number], string> = {
  personal_data: "It shares personal data",
  abuse: "It is abusive",
  off_topic: "It is not about the service",
};

/** Hiding a review needs one of the policy's reasons. */
export const ReviewHideSchema = z.object({
  reason: z.enum(HIDE_REASONS, { errorMap: () => ({ message: "Choose the policy reason: personal_data, abuse or off_topic" }) }),
});

export const REVIEW_SORTS = ["newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** `?page&sort` of `GET /api/v1/products/{id}/reviews`. */
export const ReviewListQuerySchema = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/, "page must be a positive whole number")
    .transform(Number)
    .refine((n) => n >= 1, "page must be a positive whole number")
    .optional(),
  sort: z.enum(REVIEW_SORTS, { errorMap: () => ({ message: "sort must be newest, highest or lowest" }) }).optional(),
});
