import { z } from "zod";
import { documented } from "./json-schema";
import { jsonNumber } from "./json-number";
import { MAX_APPROVERS, SIGN_OFF_MESSAGES } from "../rules/sign-off";

const guestId = documented(jsonNumber(SIGN_OFF_MESSAGES.notGuest).pipe(z.number().int(SIGN_OFF_MESSAGES.notGuest).min(1, SIGN_OFF_MESSAGES.notGuest)), {
  type: "integer",
  minimum: 1,
});

/**
 * The order's required approvers (`PUT /api/v1/orders/{id}/approvers` under `approvers`, and the order
 * page's form): the guests named (a form's repeated checkbox, or the API's list; none for the customer
 * alone) and how many of them must approve, `null` (or a form's "") for every one of them.
 */
export const ApproversSchema = z
  .object({
    guest_ids: z.preprocess(
      (value) => (value === undefined ? [] : (Array.isArray(value) ? value : [value]).filter((v) => v !== "" && v !== null)),
      z.array(guestId).max(MAX_APPROVERS, SIGN_OFF_MESSAGES.tooMany),
    ),
    required: z.preprocess(
      (value) => (value === undefined || value === "" || value === "all" ? null : value),
      documented(jsonNumber(SIGN_OFF_MESSAGES.required).pipe(z.number().int(SIGN_OFF_MESSAGES.required).min(1, SIGN_OFF_MESSAGES.required)).nullable(), {
        type: ["integer", "null"],
        minimum: 1,
      }),
    ),
  })
  .superRefine((value, ctx) => {
    if (new Set(value.guest_ids).size !== value.guest_ids.length) ctx.addIssue({ code: "custom", path: ["guest_ids"], message: SIGN_OFF_MESSAGES.twice });
    if (value.required !== null && value.required > Math.max(1, value.guest_ids.length))
      ctx.addIssue({ code: "custom", path: ["required"], message: SIGN_OFF_MESSAGES.required });
  });
export type ApproversInput = z.output<typeof ApproversSchema>;
