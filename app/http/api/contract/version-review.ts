/** The review of a delivered version: frame comments, replies and resolving them. */
import { z } from "zod";
import { documented } from "~/lib/schemas/json-schema";
import { COMMENT_LIMITS, commentLimitMessages } from "~/lib/rules/review-rules";
import { CommentReplySchema, ReviewCommentSchema } from "~/lib/schemas/review-comment";
import { CommentResponse, example, ok, refusals, READ, WRITE, JSON_BODY, NO_TOKEN, ADMIN, invalid, notFound, conflict, COMMENT_NOT_FOUND } from "./shared";
import { COMMENT_PAGE } from "~/domain/orders/review-comments.server";
import type { ApiOperation, Refusals } from "./shared";

/** `?after=` of a version's comments: the cursor a previous page returned (`meta.next_after`). */
const CommentListQuerySchema = z.object({
  after: documented(
    z
      .string()
      .regex(/^\d{1,9}\.\d{1,12}$/, "after must be a cursor a previous page returned")
      .optional(),
    { examples: ["240.17"] },
  ),
});

/** An author past COMMENT_LIMITS on a version: 409 past its total, 429 past a minute's. */
function authorLimits(kind: "comments" | "replies"): Refusals[] {
  const told = commentLimitMessages(kind);
  return [
    conflict(`The caller has left ${COMMENT_LIMITS.perVersion} ${kind} on this version`, told.perVersion),
    { throttled: { description: `More than ${COMMENT_LIMITS.perMinute} of the caller's ${kind} in a minute (Retry-After)`, message: told.perMinute } },
  ];
}

export const VERSION_REVIEW_CALLS = [
  {
    method: "GET",
    path: "/orders/{id}/deliveries/{delivery_id}/comments",
    summary: `A version's review comments in timeline order, each with its replies, ${COMMENT_PAGE} at a time: pass \`meta.next_after\` back as \`after\` for the next ones (null at the end). The owner or an admin`,
    auth: "customer, admin or creator",
    query: CommentListQuerySchema,
    responses: {
      200: {
        description: "A page of comments",
        schema: ok(z.array(CommentResponse), {
          meta: example(
            z
              .object({
                next_after: z.string().nullable().describe("The cursor of the next comments; null once there are none"),
                limit: z.number().int().describe("Comments a page holds"),
              })
              .strict(),
            { next_after: "240.17", limit: COMMENT_PAGE },
          ),
        }),
      },
    },
    refusals: refusals(READ, NO_TOKEN, notFound("Not the caller's order, or no such version", "Delivery not found"), {
      malformed: { description: "An `after` that is not a cursor", message: "after must be a cursor a previous page returned" },
    }),
  },
  {
    method: "POST",
    path: "/orders/{id}/deliveries/{delivery_id}/comments",
    summary: "Comment on a version at a frame or over a range (in, out), with a drawing on the frame (points relative to its size, 0 to 1)",
    auth: "customer, admin or creator",
    body: {
      schema: ReviewCommentSchema,
      wrapper: "comment",
      example: {
        at_frame: 1062,
        text: "Logo larger here",
        drawing: {
          shapes: [
            {
              tool: "arrow",
              color: "#e11d48",
              points: [
                [0.4, 0.5],
                [0.7, 0.2],
              ],
            },
          ],
        },
      },
    },
    responses: { 201: { description: "Added", schema: ok(CommentResponse) } },
    refusals: refusals(
      WRITE,
      NO_TOKEN,
      JSON_BODY,
      notFound("Not the caller's order, or no such version", "Delivery not found"),
      invalid("A field breaks its rule", "Comment is invalid", ["Write a comment"]),
      conflict("The order is not open for review (not delivered yet, completed or cancelled)", "This order is not open for review comments."),
      ...authorLimits("comments"),
    ),
  },
  {
    method: "POST",
    path: "/orders/{id}/deliveries/{delivery_id}/comments/{comment_id}/replies",
    summary: "Reply on a comment (either side)",
    auth: "customer, admin or creator",
    body: { schema: CommentReplySchema, wrapper: "reply", example: { text: "Will do in the next version" } },
    responses: { 201: { description: "Added: the comment with its replies", schema: ok(CommentResponse) } },
    refusals: refusals(
      WRITE,
      NO_TOKEN,
      JSON_BODY,
      COMMENT_NOT_FOUND,
      invalid("No text, or too long", "Reply is invalid", ["Write a comment"]),
      conflict("The order is not open for review", "This order is not open for review comments."),
      ...authorLimits("replies"),
    ),
  },
  {
    method: "POST",
    path: "/orders/{id}/deliveries/{delivery_id}/comments/{comment_id}/resolve",
    summary: "The studio marks a comment resolved (again: no change)",
    auth: "admin or creator",
    responses: { 200: { description: "Resolved", schema: ok(CommentResponse, { message: "Comment resolved" }) } },
    refusals: refusals(WRITE, ADMIN, COMMENT_NOT_FOUND),
  },
] as const satisfies readonly ApiOperation[];
