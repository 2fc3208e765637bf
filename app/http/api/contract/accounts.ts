/** Customers' and admins' accounts: sign-up, sign-in, tokens, password resets, profiles, the customer's data and its erasure, and the admin's list of people. */
import { z } from "zod";
import {
  AdminLoginSchema,
  ChangePasswordSchema,
  ForgotPasswordSchema,
  LoginSchema,
  RefreshTokenSchema,
  ResetPasswordSchema,
  SignupSchema,
  UpdateProfileSchema,
} from "~/lib/schemas/auth";
import { ACCOUNT_DELETED, DeleteAccountSchema, openWorkMessage } from "~/lib/schemas/account-deletion";
import { ReconcileSchema } from "~/lib/schemas/reconcile";
import { KeysetQuerySchema } from "~/lib/query";
import {
  example,
  TOKENS,
  Tokens,
  ok,
  done,
  ExportResponse,
  refusals,
  READ,
  WRITE,
  JSON_BODY,
  CUSTOMER,
  ADMIN,
  invalid,
  notFound,
  conflict,
  TOO_MANY_ATTEMPTS,
  UserResponse,
  AdminResponse,
} from "./shared";
import type { ApiOperation } from "./shared";

export const ACCOUNTS_CALLS = [
  {
    method: "POST",
    path: "/sign_up",
    summary: "Create a customer account",
    auth: "public",
    body: { schema: SignupSchema, wrapper: "user", example: { name: "Ada Lovelace", email: "ada@example.com", password: "Str0ng!Pass" } },
    responses: { 201: { description: "Signed up", schema: ok(z.object({ user: UserResponse, ...Tokens }).strict(), { message: "Signed up successfully" }) } },
    refusals: refusals(
      WRITE,
      JSON_BODY,
      invalid("Invalid input, or the email already has an account: `errors` names each field's rule", "Signup failed", ["Name is required"]),
      { throttled: { description: "Too many sign-ups from this address (Retry-After)", message: TOO_MANY_ATTEMPTS } },
    ),
  },
  {
    method: "POST",
    path: "/sign_in",
    summary: "Sign in as a customer",
    auth: "public",
    body: { schema: LoginSchema, wrapper: "session", example: { email: "ada@example.com", password: "Str0ng!Pass" } },
    responses: { 200: { description: "Signed in", schema: ok(z.object({ user: UserResponse, ...Tokens }).strict(), { message: "Signed in successfully" }) } },
    refusals: refusals(
      WRITE,
      JSON_BODY,
      { unauthenticated: { description: "Invalid email or password (WWW-Authenticate)", message: "Invalid email or password" } },
      invalid("Invalid input", "Login failed", ["Please enter a valid email address"]),
      { throttled: "Too many attempts (Retry-After)" },
    ),
  },
  {
    method: "DELETE",
    path: "/sign_out",
    summary: "Sign out: refresh and access tokens stop working",
    auth: "customer",
    responses: { 200: { description: "Signed out", schema: done("Signed out successfully") } },
    refusals: refusals(WRITE, CUSTOMER),
  },
  {
    method: "POST",
    path: "/refresh_token",
    summary: "Exchange a refresh token for a new pair",
    auth: "public",
    body: { schema: RefreshTokenSchema, example: { refresh_token: TOKENS.refresh_token }, invalidAnswer: { malformed: "refresh_token is required" } },
    responses: { 200: { description: "A new pair", schema: ok(z.object({ user: UserResponse, ...Tokens }).strict()) } },
    refusals: refusals(WRITE, JSON_BODY, { malformed: "No refresh_token", unauthenticated: "Invalid or expired refresh token (WWW-Authenticate)" }),
  },
  {
    method: "POST",
    path: "/password_resets",
    summary: "Email a customer a single-use link (30 minutes) to choose a new password; the same answer for unknown emails",
    auth: "public",
    body: { schema: ForgotPasswordSchema, example: { email: "ada@example.com" } },
    responses: {
      200: {
        description: "Asked (whether or not the email has an account)",
        schema: done("If an account uses that email, a link to choose a new password is on its way. It works once, for 30 minutes."),
      },
    },
    refusals: refusals(WRITE, JSON_BODY, invalid("Invalid input", "Password reset failed", ["Please enter a valid email address"]), {
      throttled: "Too many attempts (Retry-After)",
    }),
  },
  {
    method: "PUT",
    path: "/password_resets",
    summary: "Set a new password with the emailed link's token: every session and token of the account ends",
    auth: "public",
    body: { schema: ResetPasswordSchema, example: { token: "3kYd0aJc9QmT", password: "N3w!Passw0rd" } },
    responses: { 200: { description: "Password changed", schema: done("Your password has been changed. Please log in with the new one.") } },
    refusals: refusals(WRITE, JSON_BODY, invalid("Invalid input", "Password reset failed", ["Password must contain at least one number"]), {
      gone: { description: "The token is invalid, used or expired", message: "This reset link is invalid, used or expired. Ask for a new one." },
    }),
  },
  {
    method: "GET",
    path: "/users/me",
    summary: "The signed-in customer",
    auth: "customer",
    responses: { 200: { description: "The customer", schema: ok(UserResponse) } },
    refusals: refusals(READ, CUSTOMER),
  },
  {
    method: "GET",
    path: "/users/me/export",
    summary:
      "Everything the shop keeps about the signed-in customer (account, addresses, orders with invoices and credit notes, briefs, messages, revision requests, reviews, links to their files): GDPR arts. 15 and 20",
    auth: "customer",
    responses: {
      200: {
        description: "The customer's data",
        schema: ok(ExportResponse),
      },
    },
    refusals: refusals(READ, CUSTOMER),
  },
  {
    method: "DELETE",
    path: "/users/me",
    summary:
      'Delete the signed-in customer\'s account (GDPR art. 17), the password asked again: personal data erased or anonymised at once, invoices and credit notes kept as the law requires, reviews kept as "Former customer", every session and token ended, a confirmation emailed',
    auth: "customer",
    body: { schema: DeleteAccountSchema, wrapper: "user", example: { current_password: "Str0ng!Pass" }, invalidAnswer: { invalid: "Account deletion failed" } },
    responses: { 200: { description: "Deleted", schema: done(ACCOUNT_DELETED) } },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      JSON_BODY,
      invalid("Invalid input, or a wrong current password", "Current password is incorrect", ["Current password is incorrect"]),
      conflict("An order's work is still open (neither completed, cancelled nor unpaid)", openWorkMessage([{ id: 12 }])),
      { throttled: "Too many wrong current passwords (Retry-After)" },
    ),
  },
  {
    method: "PUT",
    path: "/users/update_profile",
    summary: "Change the customer's name",
    auth: "customer",
    body: { schema: UpdateProfileSchema, wrapper: "user", example: { name: "Ada King" } },
    responses: { 200: { description: "Updated", schema: ok(UserResponse, { message: "Profile updated successfully" }) } },
    refusals: refusals(WRITE, CUSTOMER, JSON_BODY, invalid("Invalid input", "Profile update failed", ["Name must be at least 2 characters"])),
  },
  {
    method: "PUT",
    path: "/users/change_password",
    summary: "Change the customer's password (every session and token ends)",
    auth: "customer",
    body: {
      schema: ChangePasswordSchema,
      wrapper: "user",
      example: { current_password: "Str0ng!Pass", password: "N3w!Passw0rd", password_confirmation: "N3w!Passw0rd" },
    },
    responses: { 200: { description: "Changed", schema: done("Password changed successfully. Please login again.") } },
    refusals: refusals(
      WRITE,
      CUSTOMER,
      JSON_BODY,
      invalid("Invalid input, or a wrong current password", "Password change failed", ["Passwords do not match"]),
      { throttled: "Too many wrong current passwords (Retry-After)" },
    ),
  },
  // Admin accounts
  {
    method: "POST",
    path: "/admin/sign_in",
    summary: "Sign in as an admin",
    auth: "public",
    body: { schema: AdminLoginSchema, wrapper: "session", example: { email: "admin@example.com", password: "your-password" } },
    responses: {
      200: { description: "Signed in", schema: ok(z.object({ admin: AdminResponse, ...Tokens }).strict(), { message: "Signed in successfully" }) },
    },
    refusals: refusals(
      WRITE,
      JSON_BODY,
      { unauthenticated: { description: "Invalid email or password (WWW-Authenticate)", message: "Invalid email or password" } },
      invalid("Invalid input", "Invalid email or password", ["Password must be at least 8 characters"]),
      { throttled: "Too many attempts (Retry-After)" },
    ),
  },
  {
    method: "DELETE",
    path: "/admin/sign_out",
    summary: "Sign the admin out",
    auth: "admin",
    responses: { 200: { description: "Signed out", schema: done("Signed out successfully") } },
    refusals: refusals(WRITE, ADMIN),
  },
  {
    method: "POST",
    path: "/admin/refresh_token",
    summary: "Exchange an admin refresh token for a new pair",
    auth: "public",
    body: { schema: RefreshTokenSchema, example: { refresh_token: TOKENS.refresh_token }, invalidAnswer: { malformed: "refresh_token is required" } },
    responses: { 200: { description: "A new pair", schema: ok(z.object(Tokens).strict()) } },
    refusals: refusals(WRITE, JSON_BODY, { malformed: "No refresh_token", unauthenticated: "Invalid or expired refresh token (WWW-Authenticate)" }),
  },
  {
    method: "GET",
    path: "/admin/profile",
    summary: "The signed-in admin",
    auth: "admin",
    responses: { 200: { description: "The admin", schema: ok(AdminResponse) } },
    refusals: refusals(READ, ADMIN),
  },
  {
    method: "PUT",
    path: "/admin/profile",
    summary: "Change the admin's name",
    auth: "admin",
    body: { schema: UpdateProfileSchema, wrapper: "admin", example: { name: "Studio Lead" } },
    responses: { 200: { description: "Updated", schema: ok(AdminResponse, { message: "Profile updated successfully" }) } },
    refusals: refusals(WRITE, ADMIN, JSON_BODY, invalid("Invalid input", "Profile update failed", ["Name must be at least 2 characters"])),
  },
  {
    method: "PUT",
    path: "/admin/change_password",
    summary: "Change the admin's password (under `admin`, `user` or unwrapped)",
    auth: "admin",
    body: {
      schema: ChangePasswordSchema,
      wrapper: "admin",
      alternatives: ["user", null],
      example: { current_password: "your-password", password: "N3w!Passw0rd", password_confirmation: "N3w!Passw0rd" },
    },
    responses: { 200: { description: "Changed", schema: done("Password changed successfully. Please sign in again.") } },
    refusals: refusals(WRITE, ADMIN, JSON_BODY, invalid("Invalid input, or a wrong current password", "Password change failed", ["Passwords do not match"]), {
      throttled: "Too many wrong current passwords (Retry-After)",
    }),
  },
  {
    method: "POST",
    path: "/admin/reconcile",
    summary:
      "One call of the reconciliation of the counts and sums the pages show (kept by triggers) with the rows they count: at most 10,000 rows read a call; pass `cursor` back until `done`. A figure that differs is repaired only if it has not moved since the run began (else it is reported as moved); `repair: false` only reports",
    auth: "admin",
    body: {
      schema: ReconcileSchema,
      wrapper: "reconcile",
      example: { cursor: "eyJydW4iOiJyN0hxMlhjOUxtUDRzVDh2VzF5WjBhIiwic3RlcCI6MiwicGhhc2UiOiJvcmRlcnMiLCJhZnRlciI6WzIwMDBdfQ", repair: true },
    },
    responses: {
      200: {
        description: "What this call compared and repaired, and where to go on",
        schema: ok(
          example(
            z
              .object({
                done: z.boolean(),
                cursor: z.string().nullable().describe("Pass it back to go on; null once done"),
                phase: z.string(),
                rows_read: z.number().int().min(0),
                repaired: z.number().int().min(0),
                moved: z.number().int().min(0).describe("Figures that differed but moved during the run: checked again by the next run"),
                differences: z.array(
                  z
                    .object({
                      figure: z.enum(["count", "money", "rating", "package", "delivery_days", "listed_at"]),
                      key: z.array(z.string()),
                      kept: z.array(z.number()),
                      counted: z.array(z.number()),
                      repaired: z.boolean(),
                    })
                    .strict(),
                ),
              })
              .strict(),
            {
              done: false,
              cursor: "eyJydW4iOiJyN0hxMlhjOUxtUDRzVDh2VzF5WjBhIiwic3RlcCI6MywicGhhc2UiOiJvcmRlcnMiLCJhZnRlciI6WzQwMDBdfQ",
              phase: "orders",
              rows_read: 9120,
              repaired: 0,
              moved: 0,
              differences: [],
            },
          ),
          { message: "Reconciliation goes on" },
        ),
      },
    },
    refusals: refusals(
      WRITE,
      ADMIN,
      JSON_BODY,
      invalid("A cursor no call returned", "Reconciliation could not start", ["cursor must be the cursor a previous call returned"]),
      conflict(
        "One run at a time: another run holds the lease (Retry-After: when it would expire, idle), this cursor's call was made already, or the run was taken over",
        "Another reconciliation is running. Try again when it is done.",
      ),
    ),
  },
  // People (admins)
  {
    method: "GET",
    path: "/users",
    summary: "Customers, newest first: by `pageNumber`, or after the last customer seen (`after`: its `created_at` and `id`)",
    auth: "admin",
    query: KeysetQuerySchema,
    responses: { 200: { description: "A page of customers", schema: ok(z.array(UserResponse), { meta: true }) } },
    refusals: refusals(READ, ADMIN, { malformed: { description: "An invalid query", message: "limit must be between 1 and 50" } }),
  },
  {
    method: "GET",
    path: "/users/{id}",
    summary: "One customer",
    auth: "admin",
    responses: { 200: { description: "The customer", schema: ok(UserResponse) } },
    refusals: refusals(
      READ,
      ADMIN,
      { malformed: { description: "An id that is not a positive whole number", message: "User id must be a positive whole number" } },
      notFound("No such customer", "User not found"),
    ),
  },
] as const satisfies readonly ApiOperation[];
