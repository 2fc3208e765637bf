/** The catalogue: products, their packages, tags, suggestions, reviews and their moderation. */
import { z } from "zod";
import { ReviewHideSchema, ReviewListQuerySchema, ReviewReplySchema } from "~/lib/schemas/review";
import { ProductCreateSchema } from "~/lib/schemas/product";
import { PRODUCT_MEDIA_FORM } from "~/lib/rules/media-rules";
import { ProductMediaUploadsSchema } from "~/lib/schemas/upload";
import { AutosuggestQuerySchema, ProductListQuerySchema } from "~/lib/query";
import { PRODUCT_PUBLISHED } from "~/lib/api-answers";
import {
  ProductStatusField,
  example,
  AdminProductResponse,
  REVIEW,
  ReviewPageMeta,
  ok,
  ProductMediaUpload,
  refusals,
  READ,
  WRITE,
  JSON_BODY,
  FORM_BODY,
  ADMIN,
  invalid,
  notFound,
  conflict,
  ProductResponse,
  ReviewResponse,
} from "./shared";
import type { ApiOperation } from "./shared";

export const CATALOGUE_CALLS = [
  {
    method: "GET",
    path: "/products",
    summary: "Active products, newest first, optionally with a tag",
    auth: "public",
    query: ProductListQuerySchema,
    responses: { 200: { description: "A page of products", schema: ok(z.array(ProductResponse), { meta: true }) } },
    refusals: refusals(READ, { malformed: { description: "An invalid query", message: "limit must be between 1 and 50" } }),
  },
  {
    method: "POST",
    path: "/products",
    summary:
      "Create a product (step 1: details and packages; media follow with PUT). On sale at once, unless sent `draft: true`: then it stays off the shop until `POST /products/{id}/publish`",
    auth: "admin",
    body: {
      schema: ProductCreateSchema,
      wrapper: "product",
      example: {
        title: "Explainer video",
        description_heading: "Explain your product in 60 seconds",
        description: "A short animated video that explains what you do.",
        services_offered: ["Scriptwriting", "Animation"],
        packages: [{ short_description: "A 30-second explainer", amount: "499.00", items_included: ["Script", "Voice-over"], currency: "USD" }],
        tags: ["animation", "explainer", "2d"],
      },
    },
    responses: {
      201: {
        description: "Created",
        schema: ok(example(z.object({ id: z.number().int(), status: ProductStatusField }).strict(), { id: 2, status: "published" }), {
          message: "Product created successfully!",
        }),
      },
    },
    refusals: refusals(
      WRITE,
      ADMIN,
      JSON_BODY,
      invalid("Invalid input: `errors` names each field's rule", "Failed to create product", ["At least 3 tags are required"]),
    ),
  },
  {
    method: "GET",
    path: "/products/{id}",
    summary: "One active product",
    auth: "public",
    responses: { 200: { description: "The product", schema: ok(ProductResponse, { message: "Product fetched successfully" }) } },
    refusals: refusals(
      READ,
      { malformed: { description: "An id that is not a positive whole number", message: "Product id must be a positive whole number" } },
      notFound("No such product", "Product not found"),
    ),
  },
  {
    method: "POST",
    path: "/products/{id}/publish",
    summary: "Put a draft on sale (listed, searchable, bought); a product already published or archived stays as it is",
    auth: "admin",
    responses: {
      200: {
        description: "Published",
        schema: ok(example(z.object({ id: z.number().int(), status: ProductStatusField }).strict(), { id: 2, status: "published" }), {
          message: PRODUCT_PUBLISHED,
        }),
      },
    },
    refusals: refusals(
      WRITE,
      ADMIN,
      { malformed: { description: "An id that is not a positive whole number", message: "Product id must be a positive whole number" } },
      notFound("No such product", "Product not found"),
    ),
  },
  {
    method: "GET",
    path: "/products/{id}/reviews",
    summary: "A page of the product's verified reviews (10 a page), newest first or by stars, with the figures",
    auth: "public",
    query: ReviewListQuerySchema,
    responses: {
      200: {
        description: "A page of reviews",
        schema: example(z.object({ success: z.literal(true), data: z.array(ReviewResponse), meta: ReviewPageMeta }).strict(), {
          success: true,
          data: [REVIEW],
          meta: { totalPages: 2, currentPage: 1, distribution: { "1": 0, "2": 0, "3": 1, "4": 3, "5": 8 }, hidden: 1, rating: { average: 4.6, count: 12 } },
        }),
      },
    },
    refusals: refusals(
      READ,
      { malformed: { description: "An invalid page or sort", message: "sort must be newest, highest or lowest" } },
      notFound("No such product", "Product not found"),
    ),
  },
  {
    method: "POST",
    path: "/products/{id}/reviews/{review_id}/reply",
    summary: "The studio answers a review, once, publicly",
    auth: "admin",
    body: { schema: ReviewReplySchema, wrapper: "reply", example: { body: "Thank you, Ada: it was a pleasure." } },
    responses: { 200: { description: "Answered", schema: ok(ReviewResponse, { message: "Answer published" }) } },
    refusals: refusals(
      WRITE,
      ADMIN,
      JSON_BODY,
      notFound("No such review of this product", "Review not found"),
      invalid("No answer, or one too long", "Answer is invalid", ["Write an answer"]),
      conflict("Already answered", "The studio has already answered this review."),
    ),
  },
  {
    method: "POST",
    path: "/products/{id}/reviews/{review_id}/hide",
    summary: "Hide a review for a policy reason (personal data, abuse, off-topic), logged with who and why; stars and words are never changed",
    auth: "admin",
    body: { schema: ReviewHideSchema, example: { reason: "personal_data" } },
    responses: { 200: { description: "Hidden", schema: ok(ReviewResponse, { message: "Review hidden" }) } },
    refusals: refusals(
      WRITE,
      ADMIN,
      JSON_BODY,
      notFound("No such review of this product", "Review not found"),
      invalid("No reason, or not one of the policy's", "Give the policy reason", ["Choose the policy reason: personal_data, abuse or off_topic"]),
      conflict("Hidden already", "This review is hidden already."),
    ),
  },
  {
    method: "PUT",
    path: "/products/{id}",
    summary:
      "Add images, videos and a thumbnail, and optionally rename (step 2): as multipart files, or as JSON naming uploads sent in parts (purpose product_media)",
    auth: "admin",
    body: {
      schema: ProductMediaUploadsSchema,
      wrapper: "product",
      example: { image_upload_ids: ["6f1c2a4e-8d0b-4f5e-9a7c-2b3d4e5f6a7b"] },
      multipart: { schema: ProductMediaUpload, example: { "product[title]": "Explainer video", "images[]": ["cover.jpg"] }, limits: PRODUCT_MEDIA_FORM },
      invalidAnswer: { invalid: "Product media is invalid" },
    },
    responses: { 200: { description: "Uploaded", schema: ok(AdminProductResponse, { message: "Images and videos uploaded successfully!" }) } },
    refusals: refusals(
      WRITE,
      ADMIN,
      { malformed: { description: "An id that is not a positive whole number", message: "Product id must be a positive whole number" } },
      notFound("No such product", "Product not found"),
      FORM_BODY,
      JSON_BODY,
      { unsupported: { description: "Neither multipart/form-data nor JSON", message: "Content-Type must be multipart/form-data or application/json" } },
      {
        invalid: {
          description: "Nothing sent, a bad file or title, too many files, or an upload id that is not a completed upload of this product",
          message: "Video thumbnail is required when uploading videos",
        },
      },
    ),
  },
  {
    method: "GET",
    path: "/tags",
    summary: "Every tag in use",
    auth: "public",
    responses: { 200: { description: "Tag names", schema: ok(example(z.array(z.string()), ["2d", "animation", "explainer"])) } },
    refusals: refusals(READ),
  },
  {
    method: "GET",
    path: "/autosuggest/tags",
    summary: "Tags matching a query",
    auth: "public",
    query: AutosuggestQuerySchema,
    responses: { 200: { description: "Tag names", schema: ok(example(z.array(z.string()), ["animation"])) } },
    refusals: refusals(READ, { malformed: { description: "An invalid query", message: "query must be at most 100 characters" } }),
  },
  {
    method: "GET",
    path: "/autosuggest/products",
    summary: "Products whose titles match a query",
    auth: "public",
    query: AutosuggestQuerySchema,
    responses: {
      200: {
        description: "Ids and titles",
        schema: ok(example(z.array(z.object({ id: z.number().int(), title: z.string() }).strict()), [{ id: 2, title: "Explainer video" }])),
      },
    },
    refusals: refusals(READ, { malformed: { description: "An invalid query", message: "query must be at most 100 characters" } }),
  },
] as const satisfies readonly ApiOperation[];
