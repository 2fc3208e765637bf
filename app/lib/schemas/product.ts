import { z } from "zod";
import { plainText } from "./text";
import { CURRENCY_CODES, currencyExponent, isCurrencyCode } from "../currency";
import { documented, textPattern } from "./json-schema";
import { mediaChoiceProblem } from "../rules/media-rules";
import { jsonNumber } from "./json-number";
import { PACKAGE_PROMISE_DEFAULTS, PACKAGE_PROMISE_LIMITS, type PackagePromiseField } from "../rules/packages";
import { MAX_STAGES, MIN_STAGES, STAGE_LIMITS, STAGE_MESSAGES, STAGE_NAME_MAX, type PackageStageField } from "../rules/stages";

/** Items included are typed as comma-separated text: split, trimmed, empties dropped (SPEC §5). */
export function splitItems(text: string): string[] {
  return text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * Chip values arrive as repeated fields with JavaScript, or as one text field without it (services
 * one per line, tags comma-separated). Either way: split, trim, drop empties and duplicates.
 */
export function chipValues(value: unknown, separator: RegExp): string[] {
  const raw = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const out: string[] = [];
  for (const entry of raw) {
    if (typeof entry !== "string") continue;
    for (const part of entry.split(separator)) {
      const item = part.trim();
      if (item && !out.includes(item)) out.push(item);
    }
  }
  return out;
}

export const PACKAGE_LIMIT = 3;

/** For the API's document: a list of trimmed, distinct, non-empty entries (what `chipValues` keeps). */
function chipList(maxLength: number, minItems: number, maxItems: number, description: string, exclude = "") {
  return {
    type: "array",
    items: { type: "string", minLength: 1, maxLength, pattern: textPattern({ trimmed: true, exclude }) },
    minItems,
    maxItems,
    uniqueItems: true,
    description,
  };
}
/**
 * A package's promise (days to deliver, revisions included, days per revision): a whole number in
 * its range. Optional in the API (the default then), required on the form (which always sends it).
 */
function promise(field: PackagePromiseField) {
  const { label, min, max } = PACKAGE_PROMISE_LIMITS[field];
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return documented(
    z.preprocess(
      (v) => (v === "" ? Number.NaN : v),
      jsonNumber(message).pipe(z.number().int(message).min(min, message).max(max, message)).optional().default(PACKAGE_PROMISE_DEFAULTS[field]),
    ),
    {
      type: "integer",
      minimum: min,
      maximum: max,
      default: PACKAGE_PROMISE_DEFAULTS[field],
      description: `${label} (default ${PACKAGE_PROMISE_DEFAULTS[field]})`,
    },
  );
}

/** A stage's share, days or revision rounds: a whole number in its range, always given. */
function stageNumber(field: PackageStageField) {
  const { label, min, max } = STAGE_LIMITS[field];
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return documented(
    z.preprocess((v) => (v === "" ? Number.NaN : v), jsonNumber(message).pipe(z.number().int(message).min(min, message).max(max, message))),
    { type: "integer", minimum: min, maximum: max, description: field === "share" ? "Whole percent of the price" : undefined },
  );
}

/** One stage of a package (app/lib/rules/stages.ts). */
export const StageSchema = z
  .object({
    name: plainText(
      z
        .string({ required_error: STAGE_MESSAGES.nameRequired, invalid_type_error: STAGE_MESSAGES.nameRequired })
        .trim()
        .min(1, STAGE_MESSAGES.nameRequired)
        .max(STAGE_NAME_MAX, STAGE_MESSAGES.nameTooLong),
      "Stage name",
    ),
    share: stageNumber("share"),
    days: stageNumber("days"),
    revisions: stageNumber("revisions"),
  })
  .strict();

/**
 * A package's stages: none (made in one piece), or two to eight whose shares add up to 100 and whose
 * names differ. The days and revisions a staged package promises are its stages' sums (the service
 * writes them; any `delivery_days` or `revisions` given beside stages are replaced).
 */
const StagesSchema = documented(
  z
    .array(StageSchema, { invalid_type_error: "Stages must be a list" })
    .max(MAX_STAGES, STAGE_MESSAGES.tooMany)
    .optional()
    .default([])
    .superRefine((stages, ctx) => {
      if (stages.length === 0) return;
      if (stages.length < MIN_STAGES) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: STAGE_MESSAGES.tooFew });
        return;
      }
      const sum = stages.reduce((total, stage) => total + stage.share, 0);
      if (sum !== 100) ctx.addIssue({ code: z.ZodIssueCode.custom, message: STAGE_MESSAGES.sharesSum(sum) });
      const names = stages.map((stage) => stage.name.toLowerCase());
      names.forEach((name, index) => {
        if (names.indexOf(name) !== index) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, "name"], message: STAGE_MESSAGES.namesDistinct });
      });
    }),
  {
    type: "array",
    maxItems: MAX_STAGES,
    default: [],
    description: `None (made in one piece), or ${MIN_STAGES} to ${MAX_STAGES} stages in order whose shares add up to 100; with stages, delivery_days and revisions are the stages' sums`,
  },
);

/** Currencies without a minor unit: their amounts are whole numbers. */
const WHOLE_AMOUNT_CURRENCIES = CURRENCY_CODES.filter((code) => currencyExponent(code) === 0);

export const PackageSchema = z
  .object({
    short_description: plainText(
      z
        .string({ required_error: "Package description is required" })
        .trim()
        .min(1, "Package description is required")
        .max(200, "Package description must be at most 200 characters"),
      "Package description",
    ),
    items_included: documented(
      z
        .union([z.string(), z.array(z.string())], { required_error: "At least one item must be included" })
        .transform((v) => (Array.isArray(v) ? v.map((i) => i.trim()).filter(Boolean) : splitItems(v)))
        .pipe(
          z
            .array(plainText(z.string().max(200, "Each item must be at most 200 characters"), "Each item"))
            .min(1, "At least one item must be included")
            .max(30, "At most 30 items"),
        ),
      { anyOf: undefined, ...chipList(200, 1, 30, "What the package includes (one comma-separated string is read too)", ",") },
    ),
    amount: documented(
      z
        .union([z.string(), z.number()], { required_error: "Amount is required", invalid_type_error: "Amount is required" })
        .transform((v) => (typeof v === "number" ? v : v.trim() === "" ? Number.NaN : Number(v)))
        .superRefine((n, ctx) => {
          if (Number.isNaN(n)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Amount is required" });
          else if (n <= 0) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Amount must be greater than 0" });
          else if (n > 1_000_000) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Amount must be at most 1,000,000" });
          else if (Math.round(n * 100) !== Number((n * 100).toFixed(6)))
            ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Amount can have at most 2 decimals" });
        }),
      {
        type: undefined,
        anyOf: [
          { type: "number", exclusiveMinimum: 0, maximum: 1_000_000, multipleOf: 0.01 },
          { type: "string", pattern: "^(?:(?=[^1-9]*[1-9])(?:0|[1-9][0-9]{0,5})(?:\\.[0-9]{1,2})?|1000000(?:\\.0{1,2})?)$" },
        ],
        description: "In major units: more than 0, at most 1,000,000, with at most 2 decimals (whole in JPY and KRW); a number or its decimal string",
      },
    ),
    delivery_days: promise("delivery_days"),
    revisions: promise("revisions"),
    revision_days: promise("revision_days"),
    stages: StagesSchema,
    currency: documented(
      z
        .string({ required_error: "Currency is required" })
        .trim()
        .min(1, "Currency is required")
        .transform((c) => c.toUpperCase())
        .refine(isCurrencyCode, "Currency must be an ISO 4217 code from the list"),
      { enum: CURRENCY_CODES, minLength: undefined, description: "An ISO 4217 code (read in any case)" },
    ),
  })
  .superRefine((pkg, ctx) => {
    // Yen and won have no minor unit: 1500.50 JPY is not an amount anyone can pay.
    if (currencyExponent(pkg.currency) === 0 && !Number.isInteger(pkg.amount)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["amount"], message: `Amount must be a whole number in ${pkg.currency}` });
    }
  });
documented(PackageSchema, {
  if: { properties: { currency: { enum: WHOLE_AMOUNT_CURRENCIES } }, required: ["currency"] },
  then: { properties: { amount: { anyOf: [{ type: "integer" }, { type: "string", pattern: "^[0-9]+$" }] } } },
});

/** A validated package amount in the currency's minor units (cents; yen as they are). */
export function packageMinor(pkg: { amount: number; currency: string }): number {
  return Math.round(pkg.amount * 10 ** currencyExponent(pkg.currency));
}

/** The product fields (no files), shared by the form, the action and `POST /api/v1/products`. */
export const ProductDetailsSchema = z.object({
  title: plainText(
    z.string({ required_error: "Title is required" }).trim().min(1, "Title is required").max(120, "Title must be at most 120 characters"),
    "Title",
  ),
  description_heading: plainText(
    z
      .string({ required_error: "Description heading is required" })
      .trim()
      .min(1, "Description heading is required")
      .max(160, "Description heading must be at most 160 characters"),
    "Description heading",
  ),
  description: plainText(
    z.string({ required_error: "Description is required" }).trim().min(1, "Description is required").max(5000, "Description must be at most 5000 characters"),
    "Description",
    { multiline: true },
  ),
  services_offered: documented(
    z
      .unknown()
      .transform((v) => chipValues(v, /\n/))
      .pipe(
        z
          .array(plainText(z.string().max(120, "Each service must be at most 120 characters"), "Each service"))
          .min(1, "At least one service must be offered")
          .max(30, "At most 30 services"),
      ),
    chipList(120, 1, 30, "The services offered (one string with a service per line is read too)"),
  ),
  tags: documented(
    z
      .unknown()
      .transform((v) => chipValues(v, /,/))
      .pipe(
        z
          .array(plainText(z.string().max(60, "Each tag must be at most 60 characters"), "Each tag"))
          .min(3, "At least 3 tags are required")
          .max(20, "At most 20 tags"),
      ),
    chipList(60, 3, 20, "Tags (one comma-separated string is read too)", ","),
  ),
  packages: z
    .array(PackageSchema, { required_error: "Add at least one package" })
    .min(1, "Add at least one package")
    .max(PACKAGE_LIMIT, `At most ${PACKAGE_LIMIT} packages (Basic, Standard, Premium)`),
});

export type ProductDetails = z.infer<typeof ProductDetailsSchema>;

/**
 * `POST /api/v1/products`: the details, and `draft: true` to keep the product off the shop until
 * `POST /products/{id}/publish` (absent: on sale at once, as SPEC §7's clients expect).
 */
export const ProductCreateSchema = ProductDetailsSchema.extend({
  draft: z.boolean({ invalid_type_error: "draft must be true or false" }).optional(),
});

/** SPEC §8, product create: the toasts and messages of the two-step creation. */
export const PRODUCT_CREATE_MESSAGES = {
  created: "Product created successfully!",
  mediaUploaded: "Images and videos uploaded successfully!",
  mediaFailed: "Product created but media upload failed. You can update the product later to add media.",
  failed: "Failed to create product",
  network: "Network error. Please try again later.",
  signedOut: "Authentication token not found. Please login again.",
} as const;

/** The edit screen's confirmations (beyond the spec). */
export const PRODUCT_EDIT_MESSAGES = {
  saved: "Product updated successfully!",
  archived: "Product archived. It no longer appears in the shop; past orders still show it.",
  restored: "Product restored to the shop.",
  mediaRemoved: "Media removed.",
  chooseFiles: "Choose at least one image or video to upload.",
  creators: "Choose at most 10 of the listed creators.",
  creatorsSaved: "Creators saved.",
  studioMakes: "No creators: the studio makes this product.",
} as const;

export const IMAGES_REQUIRED = "At least one image must be uploaded";

/**
 * The chosen files. An intersection (not `.extend`) so that this refinement runs even while other
 * fields are invalid: every message shows at once.
 */
const MediaChoiceSchema = z
  .object({
    // A default rather than a required error: a missing field must not stop the thumbnail rule below.
    images: z.array(z.instanceof(File)).min(1, IMAGES_REQUIRED).default([]),
    videos: z.array(z.instanceof(File)).optional(),
    video_thumbnail: z.instanceof(File).optional(),
  })
  .superRefine((value, ctx) => {
    const problem = mediaChoiceProblem({ videos: value.videos?.length ?? 0, thumbnail: value.video_thumbnail !== undefined });
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["video_thumbnail"], message: problem });
  });

/** The whole form with its files: the browser validates with it, and so does the one-post (no JavaScript) path. */
export const ProductFormSchema = ProductDetailsSchema.and(MediaChoiceSchema);

/** Step 1 in the browser sends the fields and only the counts of the chosen files (SPEC §4 two-step creation). */
export const ProductStepOneSchema = ProductDetailsSchema.and(
  z
    .object({
      image_count: z.coerce.number().int().min(1, IMAGES_REQUIRED),
      video_count: z.coerce.number().int().min(0).default(0),
      has_thumbnail: z.enum(["true", "false"]).default("false"),
    })
    .superRefine((value, ctx) => {
      const problem = mediaChoiceProblem({ videos: value.video_count, thumbnail: value.has_thumbnail === "true" });
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["video_thumbnail"], message: problem });
    }),
);
