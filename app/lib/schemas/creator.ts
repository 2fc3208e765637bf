/**
 * What creators and the admins who manage them send: an invitation, its acceptance, a creator's
 * profile, a suspension's statement of reasons and an order's assignment. The screens' forms and the
 * API (`/api/v1/creator/...`, `/api/v1/admin/creators/...`) validate with the same schemas.
 */
import { z } from "zod";
import { isCountryCode } from "../countries";
import { EmailField, NameField, NewPasswordSchema } from "./auth";
import { plainText } from "./text";
import { CREATOR_MEDIA_KINDS, PORTFOLIO_TITLE_MAX } from "../rules/media-rules";

export const CREATOR_LIMITS = {
  headline: 120,
  bio: 2000,
  languages: 8,
  language: 40,
  skills: 10,
  capacityMin: 1,
  capacityMax: 20,
  reasonMin: 20,
  reasonMax: 2000,
  assignmentReason: 500,
  /** How far ahead an away date may be set. */
  awayDaysMax: 366,
} as const;

/** An admin's invitation (`POST /api/v1/admin/creators/invitations` under `invitation`). */
export const CreatorInvitationSchema = z.object({ email: EmailField, name: NameField });
export type CreatorInvitationInput = z.output<typeof CreatorInvitationSchema>;

/** The invitation's page: the display name customers will see, and a password. */
export const AcceptInvitationSchema = z.object({
  token: z.string({ required_error: "This invitation link is not valid" }).min(20).max(200),
  name: NameField,
  password: NewPasswordSchema,
});

export type AcceptInvitationInput = z.output<typeof AcceptInvitationSchema>;

/** A list typed as one line ("English, French") on the form, or sent as an array by the API. */
const listOf = <T extends z.ZodTypeAny>(item: T, max: number, label: string) =>
  z.preprocess(
    (value) => {
      const list: unknown = typeof value === "string" ? value.split(",") : value === undefined || value === null ? [] : value;
      return Array.isArray(list) ? list.map((v: unknown) => (typeof v === "string" ? v.trim() : v)).filter((v) => v !== "") : list;
    },
    z.array(item).max(max, `At most ${max} ${label}`),
  );

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A creator's profile (`PUT /api/v1/creator/me` under `creator`, and /studio/profile's form). */
export const CreatorProfileSchema = z.object({
  name: NameField,
  headline: plainText(
    z.string().trim().max(CREATOR_LIMITS.headline, `The headline must be at most ${CREATOR_LIMITS.headline} characters`).default(""),
    "Headline",
  ),
  bio: plainText(z.string().trim().max(CREATOR_LIMITS.bio, `The bio must be at most ${CREATOR_LIMITS.bio} characters`).default(""), "Bio", {
    multiline: true,
  }),
  country: z
    .string({ required_error: "Choose your country" })
    .trim()
    .toUpperCase()
    .refine((code) => isCountryCode(code), "Choose your country"),
  languages: listOf(
    plainText(z.string().max(CREATOR_LIMITS.language, `A language must be at most ${CREATOR_LIMITS.language} characters`), "Languages"),
    CREATOR_LIMITS.languages,
    "languages",
  ),
  skills: listOf(z.string().max(40), CREATOR_LIMITS.skills, "skills"),
  capacity: z.coerce
    .number({ invalid_type_error: "Capacity must be a whole number from 1 to 20" })
    .int("Capacity must be a whole number from 1 to 20")
    .min(CREATOR_LIMITS.capacityMin, "Capacity must be a whole number from 1 to 20")
    .max(CREATOR_LIMITS.capacityMax, "Capacity must be a whole number from 1 to 20"),
  /** Away until this day (inclusive), or empty when available. */
  away_until: z
    .string()
    .trim()
    .regex(DAY, "Give the date as YYYY-MM-DD")
    .nullish()
    .or(z.literal("").transform(() => null)),
});
export type CreatorProfileInput = z.output<typeof CreatorProfileSchema>;

/** A line of languages as typed ("English, German"): its languages, blanks and repeats dropped. */
export const splitLanguages = (text: string) => [
  ...new Set(
    text
      .split(",")
      .map((l) => l.trim())
      .filter(Boolean),
  ),
];

/**
 * The profile's form: the same fields, its languages one line of text (kept as typed when the form
 * is refused), checked by the same rules and made a list for the service (`profileFromForm`).
 */
export const CreatorProfileFormSchema = CreatorProfileSchema.extend({
  languages: plainText(z.string().max(CREATOR_LIMITS.languages * (CREATOR_LIMITS.language + 2)), "Languages")
    .default("")
    .superRefine((text, ctx) => {
      const list = splitLanguages(text);
      if (list.length > CREATOR_LIMITS.languages) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `At most ${CREATOR_LIMITS.languages} languages` });
      if (list.some((l) => l.length > CREATOR_LIMITS.language))
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `A language must be at most ${CREATOR_LIMITS.language} characters` });
    }),
});
export const profileFromForm = (value: z.output<typeof CreatorProfileFormSchema>): CreatorProfileInput => ({
  ...value,
  languages: splitLanguages(value.languages),
});

/** An admin's suspension: the statement of reasons the creator is sent. */
export const CreatorSuspensionSchema = z.object({
  reason: plainText(
    z
      .string({ required_error: "Write the reasons for the suspension" })
      .trim()
      .min(CREATOR_LIMITS.reasonMin, `Write the reasons for the suspension (at least ${CREATOR_LIMITS.reasonMin} characters)`)
      .max(CREATOR_LIMITS.reasonMax, `The reasons must be at most ${CREATOR_LIMITS.reasonMax} characters`),
    "Reasons",
    { multiline: true },
  ),
});

/** An order given to a creator (`POST /api/v1/admin/orders/{id}/assignment` under `assignment`); a reason is needed to take it from another. */
export const AssignmentSchema = z.object({
  creator_id: z.coerce.number({ invalid_type_error: "Choose a creator" }).int("Choose a creator").min(1, "Choose a creator"),
  reason: plainText(
    z.string().trim().max(CREATOR_LIMITS.assignmentReason, `The reason must be at most ${CREATOR_LIMITS.assignmentReason} characters`).optional(),
    "Reason",
  ),
});
export type AssignmentInput = z.output<typeof AssignmentSchema>;

/** A product's creators, in order, the first the lead (`creator_ids` on `PUT /products/{id}`, the product form). */
export const ProductCreatorIds = z.array(z.coerce.number().int().min(1)).max(10, "At most 10 creators a product");

/**
 * A file for the creator's portfolio (`POST /api/v1/creator/portfolio` under `portfolio_item`): an
 * upload sent in parts (purpose creator_media), where it goes, and a piece's caption.
 */
export const PortfolioItemSchema = z.object({
  kind: z.enum(CREATOR_MEDIA_KINDS, { message: "kind must be avatar, showreel or piece" }),
  upload_id: z.string({ required_error: "upload_id is required" }).regex(/^[0-9a-f-]{36}$/, "upload_id must be an upload's id"),
  title: plainText(z.string().trim().max(PORTFOLIO_TITLE_MAX, `Title must be at most ${PORTFOLIO_TITLE_MAX} characters`), "Title").default(""),
});
export type PortfolioItemInput = z.output<typeof PortfolioItemSchema>;

/** The portfolio form on /studio/profile: a file (without JavaScript) or an upload already sent in parts (with it). */
export const PortfolioFormSchema = z.object({
  kind: z.enum(CREATOR_MEDIA_KINDS, { message: "Choose what the file is" }),
  upload_id: z
    .string()
    .regex(/^[0-9a-f-]{36}$/, "The upload could not be found: choose the file again")
    .optional(),
  title: plainText(z.string().trim().max(PORTFOLIO_TITLE_MAX, `Title must be at most ${PORTFOLIO_TITLE_MAX} characters`), "Title").optional(),
});
