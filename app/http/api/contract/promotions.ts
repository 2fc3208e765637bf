/** Promotion codes (admins). */
import { z } from "zod";
import { PromotionSchema } from "~/lib/schemas/promotion";
import { PaginationQuerySchema } from "~/lib/query";
import { ok, refusals, READ, WRITE, JSON_BODY, ADMIN, invalid, notFound, PromotionResponse } from "./shared";
import type { ApiOperation } from "./shared";

export const PROMOTIONS_CALLS = [
  {
    method: "GET",
    path: "/promotions",
    summary: "A page of promotion codes, newest first, with their redemptions (20 a page unless `limit` says otherwise)",
    auth: "admin",
    query: PaginationQuerySchema,
    responses: { 200: { description: "A page of promotions", schema: ok(z.array(PromotionResponse), { meta: true }) } },
    refusals: refusals(READ, ADMIN, { malformed: { description: "An invalid query", message: "limit must be between 1 and 50" } }),
  },
  {
    method: "POST",
    path: "/promotions",
    summary: "Create a promotion code: a percent or an amount off the package's price, before tax",
    auth: "admin",
    body: {
      schema: PromotionSchema,
      wrapper: "promotion",
      example: { code: "LAUNCH20", percent_off: 20, product_ids: [1, 3, 4], ends_at: "2026-12-31T23:59:59Z", max_redemptions: 500, once_per_customer: true },
    },
    responses: { 201: { description: "Created", schema: ok(PromotionResponse, { message: "Promotion created" }) } },
    refusals: refusals(
      WRITE,
      ADMIN,
      JSON_BODY,
      invalid("Invalid input, a code already in use or services not in the catalogue: `errors` names each field's rule", "Promotion could not be saved", [
        "percent_off must be a whole number from 1 to 100",
      ]),
    ),
  },
  {
    method: "PUT",
    path: "/promotions/{id}",
    summary: "Replace a promotion's terms (what the body leaves out takes its default); orders already placed keep their discount",
    auth: "admin",
    body: {
      schema: PromotionSchema,
      wrapper: "promotion",
      example: { code: "SPRING-10", amount_off: "10.00", currency: "GBP", starts_at: "2026-03-20T00:00:00Z", first_order_only: true, active: true },
    },
    responses: { 200: { description: "Updated", schema: ok(PromotionResponse, { message: "Promotion updated" }) } },
    refusals: refusals(
      WRITE,
      ADMIN,
      notFound("No such promotion", "Promotion not found"),
      JSON_BODY,
      invalid(
        "Invalid input, a code another promotion has or services not in the catalogue: `errors` names each field's rule",
        "Promotion could not be saved",
        ["A promotion with this code already exists"],
      ),
    ),
  },
] as const satisfies readonly ApiOperation[];
