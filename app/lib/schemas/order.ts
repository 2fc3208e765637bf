import { z } from "zod";
import { jsonNumber } from "./json-number";
import { documented } from "./json-schema";

/** For the API's document: a whole number from `minimum` to `maximum`, sent as a number or as its digits. */
const wholeNumber = (minimum: number, maximum?: number) => ({
  type: undefined,
  anyOf: [
    { type: "integer", minimum, ...(maximum === undefined ? {} : { maximum }) },
    { type: "string", pattern: maximum === undefined ? "^0*[1-9][0-9]*$" : "^0*(?:[0-9]|10)$" },
  ],
});

/** `POST /api/v1/orders` under `order`: the server prices the order, so amount and currency are only checked. */
export const CreateOrderSchema = z.object({
  product_id: documented(
    jsonNumber("product_id must be a number", "product_id is required").pipe(
      z.number().int("product_id must be a whole number").positive("product_id is required"),
    ),
    wholeNumber(1),
  ),
  billing_address_id: documented(
    jsonNumber("billing_address_id must be a number", "billing_address_id is required").pipe(
      z.number().int("billing_address_id must be a whole number").positive("billing_address_id is required"),
    ),
    wholeNumber(1),
  ),
  order_amount: z.union([z.string().max(20), z.number()]).optional(),
  currency: z.string().max(3).optional(),
  package_index: documented(
    jsonNumber("package_index must be a number").pipe(
      z.number().int("package_index must be 0, 1 or 2").min(0, "package_index must be 0, 1 or 2").max(10, "package_index must be 0, 1 or 2"),
    ),
    { ...wholeNumber(0, 10), description: "Which of the product's packages (0: Basic, 1: Standard, 2: Premium); required when the product has more than one" },
  ).optional(),
  promo_code: z
    .string({ invalid_type_error: "promo_code must be text" })
    .max(100, "promo_code must be at most 100 characters")
    .optional()
    .describe("A promotion code (any case; empty: none): its discount comes off the package's price before tax, and the order reserves it"),
  start_work_now: z
    .boolean({ invalid_type_error: "start_work_now must be true or false" })
    .optional()
    .describe(
      "A consumer (billing address without a tax id) asks for work to start within the 14-day cancellation period, accepting to pay for work done if they cancel; absent or false: a submitted brief waits until the period ends (work_status scheduled). Ignored for a business",
    ),
});
