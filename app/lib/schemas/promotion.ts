import { z } from "zod";
import { CURRENCY_CODES, isCurrencyCode } from "../currency";
import { decimalToMinor } from "../money-decimal";
import { documented } from "./json-schema";

/** 3 to 32 letters, digits and dashes; stored upper case, read in any case. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9-]{3,32}$/;
export const PROMO_CODE_MAX = 32;

/** A percentage (1 to 100) or an amount in one currency. */
export type PromoDiscount = { kind: "percent"; percent: number } | { kind: "amount"; amountMinor: number; currency: string };

/** A promotion as the admin sets it, read from the API's body or the screen's form (app/domain/money/promotions.server.ts keeps it). */
export interface PromotionInput {
  code: string;
  discount: PromoDiscount;
  /** The services it applies to; null: every service. */
  productIds: number[] | null;
  startsAt: Date | null;
  endsAt: Date | null;
  maxRedemptions: number | null;
  oncePerCustomer: boolean;
  firstOrderOnly: boolean;
  active: boolean;
}

const MAX_CAP = 1_000_000;
const MAX_PRODUCTS = 100;
const AMOUNT = /^\d{1,9}(\.\d{1,3})?$/;

/** The words of each rule, in the API's field names or the screen's labels. */
function messages(api: boolean) {
  const name = (field: string, label: string) => (api ? field : label);
  return {
    codeRequired: `${name("code", "Code")} is required`,
    code: `${name("code", "Code")} must be 3 to 32 letters, digits or dashes`,
    percent: `${name("percent_off", "Percent off")} must be a whole number from 1 to 100`,
    amount: `${name("amount_off", "Amount off")} must be an amount such as 10.00`,
    amountZero: `${name("amount_off", "Amount off")} must be more than 0`,
    currency: api ? "currency must be an ISO 4217 code the shop takes, such as USD" : "Choose a currency for the amount off",
    both: api ? "Give percent_off or amount_off, not both" : "Give a percent off or an amount off, not both",
    neither: api ? "Give percent_off (1 to 100) or amount_off with a currency" : "Give the percent off (1 to 100)",
    neitherAmount: "Give the amount off",
    date: (field: string, label: string) => (api ? `${field} must be a date and time such as 2026-05-01T00:00:00Z` : `${label} must be a date and time`),
    order: `${name("ends_at", "The end")} must be after ${name("starts_at", "the start")}`,
    cap: `${name("max_redemptions", "Redemptions")} must be a whole number from 1 to ${MAX_CAP.toLocaleString("en-US")}`,
    products: "Choose at least one service",
  };
}

const API = messages(true);
const FORM = messages(false);

const codeField = (m: typeof API) =>
  documented(
    z
      .string({ required_error: m.codeRequired, invalid_type_error: m.code })
      .trim()
      .min(1, m.codeRequired)
      .max(PROMO_CODE_MAX, m.code)
      .regex(PROMO_CODE_PATTERN, m.code)
      .transform((code) => code.toUpperCase()),
    { description: "3 to 32 letters, digits and dashes; stored upper case (codes are read in any case)" },
  );

/** The checks that span fields, and the input the domain keeps. */
function promotionInput(
  m: typeof API,
  v: {
    code: string;
    percent: number | null | undefined;
    amount: string | null | undefined;
    currency: string | null | undefined;
    productIds: number[] | null;
    startsAt: Date | null;
    endsAt: Date | null;
    maxRedemptions: number | null | undefined;
    oncePerCustomer: boolean;
    firstOrderOnly: boolean;
    active: boolean;
  },
  paths: { percent: string; amount: string; currency: string; ends: string },
  ctx: z.RefinementCtx,
): PromotionInput {
  const issue = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
  let discount: PromoDiscount | null = null;
  if (v.percent != null && v.amount != null) issue(paths.amount, m.both);
  else if (v.percent != null) discount = { kind: "percent", percent: v.percent };
  else if (v.amount != null) {
    if (!v.currency) issue(paths.currency, m.currency);
    else {
      const minor = decimalToMinor(v.amount, v.currency);
      if (minor === null) issue(paths.amount, m.amount);
      else if (minor <= 0) issue(paths.amount, m.amountZero);
      else discount = { kind: "amount", amountMinor: minor, currency: v.currency };
    }
  } else issue(paths.percent, m.neither);
  if (v.startsAt && v.endsAt && v.endsAt.getTime() <= v.startsAt.getTime()) issue(paths.ends, m.order);
  if (!discount) return z.NEVER;
  return {
    code: v.code,
    discount,
    productIds: v.productIds,
    startsAt: v.startsAt,
    endsAt: v.endsAt,
    maxRedemptions: v.maxRedemptions ?? null,
    oncePerCustomer: v.oncePerCustomer,
    firstOrderOnly: v.firstOrderOnly,
    active: v.active,
  };
}

const instant = (field: string) =>
  z
    .string({ invalid_type_error: API.date(field, field) })
    .datetime({ offset: true, message: API.date(field, field) })
    .transform((text) => new Date(text));

/**
 * `POST /api/v1/promotions` and `PUT /api/v1/promotions/{id}` under `promotion`: a code, `percent_off`
 * (1 to 100) or `amount_off` (major units, a decimal string) with its `currency`, and optionally the
 * services (`product_ids`; none: every service), dates, a cap and the once-per-customer and
 * first-order rules. A PUT replaces every term: what it leaves out takes its default.
 */
export const PromotionSchema = documented(
  z.object({
    code: codeField(API),
    percent_off: z
      .number({ invalid_type_error: API.percent })
      .int(API.percent)
      .min(1, API.percent)
      .max(100, API.percent)
      .nullish()
      .describe("A whole percentage off the package's price, before tax (or amount_off)"),
    amount_off: z
      .string({ invalid_type_error: API.amount })
      .trim()
      .regex(AMOUNT, API.amount)
      .nullish()
      .describe('A fixed amount off in major units, "10.00", with currency (or percent_off); never more than the price'),
    currency: documented(
      z
        .string({ invalid_type_error: API.currency })
        .trim()
        .transform((c) => c.toUpperCase())
        .refine(isCurrencyCode, API.currency)
        .nullish(),
      { anyOf: [{ type: "string", enum: CURRENCY_CODES }, { type: "null" }], description: "The currency of amount_off (read in any case)" },
    ),
    product_ids: z
      .array(z.number({ invalid_type_error: "product_ids must be product ids" }).int().min(1).max(Number.MAX_SAFE_INTEGER), {
        invalid_type_error: "product_ids must be a list of product ids",
      })
      .max(MAX_PRODUCTS, `product_ids must have at most ${MAX_PRODUCTS} entries`)
      .nullish()
      .describe("The services it applies to; absent or empty: every service"),
    starts_at: instant("starts_at").nullish().describe("From when (ISO 8601 with a time zone); absent: at once"),
    ends_at: instant("ends_at").nullish().describe("Until when (ISO 8601 with a time zone); absent: no end"),
    max_redemptions: z
      .number({ invalid_type_error: API.cap })
      .int(API.cap)
      .min(1, API.cap)
      .max(MAX_CAP, API.cap)
      .nullish()
      .describe("Reserved (unpaid orders) and final (paid) redemptions at most; absent: no cap"),
    once_per_customer: z.boolean({ invalid_type_error: "once_per_customer must be true or false" }).optional(),
    first_order_only: z
      .boolean({ invalid_type_error: "first_order_only must be true or false" })
      .optional()
      .describe("Only for a customer with no paid order and no other code reserved"),
    active: z.boolean({ invalid_type_error: "active must be true or false" }).optional().describe("Default true"),
  }),
  {
    // The discount is one of the two: a percentage, or an amount with its currency.
    oneOf: [
      { required: ["percent_off"], properties: { percent_off: { type: "integer" }, amount_off: { type: "null" } } },
      { required: ["amount_off", "currency"], properties: { amount_off: { type: "string" }, currency: { type: "string" }, percent_off: { type: "null" } } },
    ],
  },
).transform((v, ctx) =>
  promotionInput(
    API,
    {
      code: v.code,
      percent: v.percent_off,
      amount: v.amount_off,
      currency: v.currency,
      productIds: v.product_ids?.length ? v.product_ids : null,
      startsAt: v.starts_at ?? null,
      endsAt: v.ends_at ?? null,
      maxRedemptions: v.max_redemptions,
      oncePerCustomer: v.once_per_customer ?? false,
      firstOrderOnly: v.first_order_only ?? false,
      active: v.active ?? true,
    },
    { percent: "percent_off", amount: "amount_off", currency: "currency", ends: "ends_at" },
    ctx,
  ),
);

/** `2026-05-01T09:30` as a `datetime-local` input sends it, read as UTC (the screen says so). */
const LOCAL_MINUTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const utcMinute = (label: string) =>
  z
    .string()
    .regex(LOCAL_MINUTE, FORM.date("", label))
    .transform((text, ctx) => {
      const date = new Date(`${text}:00Z`);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: FORM.date("", label) });
        return z.NEVER;
      }
      return date;
    })
    .optional();

/** Conform sends empty fields as absent: a number typed in a text field, read as one. */
const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : value),
    z.number({ invalid_type_error: message }).int(message).min(min, message).max(max, message),
  );

/**
 * The admin screen's "New promotion" form (/admin/promotions): the same terms as the API, as a form
 * sends them (radios for the kind of discount and the scope, checkboxes, UTC date-times).
 */
export const PromotionFormSchema = z
  .object({
    code: codeField(FORM),
    discount_type: z.enum(["percent", "amount"], { errorMap: () => ({ message: "Choose a percent off or an amount off" }) }),
    percent_off: wholeNumber(FORM.percent, 1, 100).optional(),
    amount_off: z.string().trim().max(20, FORM.amount).regex(AMOUNT, FORM.amount).optional(),
    currency: z
      .string()
      .trim()
      .transform((c) => c.toUpperCase())
      .refine(isCurrencyCode, FORM.currency)
      .optional(),
    scope: z.enum(["all", "some"], { errorMap: () => ({ message: "Choose which services it is for" }) }),
    product_ids: z
      .array(wholeNumber(FORM.products, 1, Number.MAX_SAFE_INTEGER))
      .max(MAX_PRODUCTS)
      .optional(),
    starts_at: utcMinute("The start"),
    ends_at: utcMinute("The end"),
    max_redemptions: wholeNumber(FORM.cap, 1, MAX_CAP).optional(),
    once_per_customer: z.boolean().optional(),
    first_order_only: z.boolean().optional(),
  })
  .transform((v, ctx) => {
    if (v.scope === "some" && !v.product_ids?.length) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["product_ids"], message: FORM.products });
    if (v.discount_type === "amount" && v.amount_off === undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["amount_off"], message: FORM.neitherAmount });
      return z.NEVER;
    }
    return promotionInput(
      FORM,
      {
        code: v.code,
        // Only the chosen kind counts: a value left in the other field is ignored.
        percent: v.discount_type === "percent" ? v.percent_off : null,
        amount: v.discount_type === "amount" ? v.amount_off : null,
        currency: v.currency,
        productIds: v.scope === "some" ? (v.product_ids ?? []) : null,
        startsAt: v.starts_at ?? null,
        endsAt: v.ends_at ?? null,
        maxRedemptions: v.max_redemptions,
        oncePerCustomer: v.once_per_customer ?? false,
        firstOrderOnly: v.first_order_only ?? false,
        active: true,
      },
      { percent: "percent_off", amount: "amount_off", currency: "currency", ends: "ends_at" },
      ctx,
    );
  });

/** The End button of a promotion's row: which one. */
export const EndPromotionSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** The checkout's code box and the pay forms' hidden `promo_code` (empty: no code). */
export const PromoCodeField = z.string().trim().max(100, "This code does not exist").optional();
