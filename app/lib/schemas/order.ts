import { z } from "zod";
import { jsonNumber } from "./json-number";

/** `POST /api/v1/orders` under `order`: the server prices the order, so amount and currency are only checked. */
export const CreateOrderSchema = z.object({
  product_id: jsonNumber("product_id must be a number", "product_id is required").pipe(
    z.number().int("product_id must be a whole number").positive("product_id is required"),
  ),
  billing_address_id: jsonNumber("billing_address_id must be a number", "billing_address_id is required").pipe(
    z.number().int("billing_address_id must be a whole number").positive("billing_address_id is required"),
  ),
  order_amount: z.union([z.string().max(20), z.number()]).optional(),
  currency: z.string().max(3).optional(),
  package_index: jsonNumber("package_index must be a number")
    .pipe(z.number().int("package_index must be 0, 1 or 2").min(0, "package_index must be 0, 1 or 2").max(10, "package_index must be 0, 1 or 2"))
    .optional(),
});
