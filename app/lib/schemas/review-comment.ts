import { z } from "zod";
import { MAX_FRAME } from "../timecode";
import { COMMENT_TEXT_MAX } from "../rules/text-limits";
import { DRAWING_COLOURS, DRAWING_LIMITS, DRAWING_TOOLS } from "../rules/review-rules";
import { plainText } from "./text";

/** A coordinate kept to 4 decimals: a ten-thousandth of the frame, finer than any screen shows it. */
const coordinate = z
  .number()
  .min(0, "Drawing points lie within the frame (0 to 1)")
  .max(1, "Drawing points lie within the frame (0 to 1)")
  .transform((value) => Math.round(value * 10_000) / 10_000);
const Point = z.array(coordinate).length(2);

/**
 * A drawing on the paused frame: shapes of points relative to the frame's width and height (0 to 1,
 * kept to 4 decimals), so it lies over the frame at any size. A pen stroke has 2 or more points, an
 * arrow (from, to) and a rectangle (two corners) 2; at most 500 points in all and 8 KB stored.
 */
export const DrawingSchema = z
  .object({
    shapes: z
      .array(
        z.object({
          tool: z.enum(DRAWING_TOOLS),
          color: z.enum(DRAWING_COLOURS),
          points: z.array(Point).min(2).max(DRAWING_LIMITS.points),
        }),
      )
      .min(1)
      .max(DRAWING_LIMITS.shapes, `At most ${DRAWING_LIMITS.shapes} shapes in a drawing`),
  })
  .refine((d) => d.shapes.every((s) => s.tool === "pen" || s.points.length === 2), "An arrow or a rectangle has two points")
  .refine((d) => d.shapes.reduce((sum, s) => sum + s.points.length, 0) <= DRAWING_LIMITS.points, `At most ${DRAWING_LIMITS.points} points in a drawing`)
  .refine((d) => JSON.stringify(d).length <= DRAWING_LIMITS.bytes, "The drawing is too detailed: draw it with fewer strokes");
export type Drawing = z.infer<typeof DrawingSchema>;

const CommentText = plainText(
  z.string().trim().min(1, "Write a comment").max(COMMENT_TEXT_MAX, `A comment must be at most ${COMMENT_TEXT_MAX} characters`),
  "The comment",
  { multiline: true },
);

const Frame = z.number().int("Frames are whole numbers").min(0, "Frames start at 0").max(MAX_FRAME, "That frame is past the end of any video");

/** A comment on a version (`POST /orders/{id}/deliveries/{delivery_id}/comments` under `comment`, and the review page). */
export const ReviewCommentSchema = z
  .object({
    at_frame: Frame.describe("The frame it is about (from 0), or where its range starts"),
    end_frame: Frame.nullable().optional().describe("Where its range ends (after at_frame)"),
    text: CommentText,
    drawing: DrawingSchema.nullable().optional(),
  })
  .refine((c) => c.end_frame === null || c.end_frame === undefined || c.end_frame > c.at_frame, {
    message: "The range must end after it starts",
    path: ["end_frame"],
  });
export type ReviewCommentInput = z.infer<typeof ReviewCommentSchema>;

/** A reply to a comment (`…/comments/{comment_id}/replies` under `reply`, and the review page). */
export const CommentReplySchema = z.object({ text: CommentText });

/**
 * The review page's comment form: the time as typed (m:ss or m:ss:ff, without JavaScript) or the
 * frames the player chose (with it), the text, and a drawing as JSON. The frames are read at the
 * version's frame rate by the page's action, then checked with ReviewCommentSchema.
 */
export const CommentFormSchema = z.object({
  delivery_id: z.coerce.number().int().min(1),
  time: z.string().trim().max(20).optional(),
  until: z.string().trim().max(20).optional(),
  at_frame: z.coerce.number().int().min(0).max(MAX_FRAME).optional(),
  end_frame: z.coerce.number().int().min(0).max(MAX_FRAME).optional(),
  text: z.string().max(COMMENT_TEXT_MAX * 2),
  drawing: z.string().max(64_000).optional(),
});

/** The review page's reply and resolve forms. */
export const ReplyFormSchema = z.object({
  delivery_id: z.coerce.number().int().min(1),
  comment_id: z.coerce.number().int().min(1),
  text: z.string().max(COMMENT_TEXT_MAX * 2),
});
export const ResolveFormSchema = z.object({ delivery_id: z.coerce.number().int().min(1), comment_id: z.coerce.number().int().min(1) });

/** The customer's invitation of a colleague to review (the order page). */
export const GuestInviteSchema = z.object({
  email: z
    .string({ required_error: "Enter your colleague's email address" })
    .trim()
    .toLowerCase()
    .min(1, "Enter your colleague's email address")
    .max(254, "Email must be at most 254 characters")
    .email("Enter a valid email address"),
});
export const GuestRevokeSchema = z.object({ guest_id: z.coerce.number().int().min(1) });
/** The name a guest comments under. */
export const GuestNameSchema = z.object({
  name: plainText(
    z.string({ required_error: "Enter your name" }).trim().min(1, "Enter your name").max(80, "Your name must be at most 80 characters"),
    "Your name",
  ),
});
