import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "./auth";

/** The answer to a deletion that went through (the API's `message`). */
export const ACCOUNT_DELETED = "Your account has been deleted.";
export const DELETE_CONFIRM_REQUIRED = "Please confirm that you want to delete your account";

/** `DELETE /api/v1/users/me` `{ user: { current_password } }`: the password, asked again. */
export const DeleteAccountSchema = z.object({
  current_password: z
    .string({ required_error: "Current password is required" })
    .min(1, "Current password is required")
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});

/** The Privacy page's form: the password, and a box ticked to say the customer knows it cannot be undone. */
export const DeleteAccountFormSchema = DeleteAccountSchema.extend({
  confirm: z.literal("on", { errorMap: () => ({ message: DELETE_CONFIRM_REQUIRED }) }),
});

/** Why an account cannot be deleted yet: its orders with open work, by number. */
export function openWorkMessage(open: readonly { id: number }[]): string {
  const numbers = new Intl.ListFormat("en", { type: "conjunction" }).format(open.map((o) => `#${o.id}`));
  return `Orders still in progress must be completed or cancelled before your account can be deleted (${open.length === 1 ? "order" : "orders"} ${numbers}).`;
}

export type DeleteAccountInput = z.infer<typeof DeleteAccountSchema>;
