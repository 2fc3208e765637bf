import { z } from "zod";
import { plainText } from "./text";
import { documented } from "./json-schema";

/** SPEC §5's email pattern: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MAX_LENGTH = 128;

/** The five signup rules, in the order their messages are shown (SPEC §5). */
export const PASSWORD_RULES = [
  { id: "length", label: "At least 8 characters", message: "Password must be at least 8 characters long", test: (p: string) => p.length >= 8 },
  { id: "upper", label: "One uppercase letter", message: "Password must contain at least one uppercase letter", test: (p: string) => /[A-Z]/.test(p) },
  { id: "lower", label: "One lowercase letter", message: "Password must contain at least one lowercase letter", test: (p: string) => /[a-z]/.test(p) },
  { id: "number", label: "One number", message: "Password must contain at least one number", test: (p: string) => /\d/.test(p) },
  {
    id: "special",
    label: "One special character",
    message: "Password must contain at least one special character",
    test: (p: string) => /[^A-Za-z0-9\s]/.test(p),
  },
] as const;

/** The rules but length as one JSON Schema pattern (a lookahead each), for the API's document. */
const PASSWORD_PATTERN = `^(?=[\\s\\S]*[A-Z])(?=[\\s\\S]*[a-z])(?=[\\s\\S]*\\d)(?=[\\s\\S]*[^A-Za-z0-9\\s])[\\s\\S]*$`;

export type StrengthColour = "red" | "yellow" | "green";

/** Border colour of the signup password input (SPEC §5): red > 3 unmet rules, yellow 2–3, green 0–1. */
export function passwordStrength(password: string): { unmet: number; colour: StrengthColour } {
  const unmet = PASSWORD_RULES.filter((rule) => !rule.test(password)).length;
  return { unmet, colour: unmet > 3 ? "red" : unmet >= 2 ? "yellow" : "green" };
}

export const EmailField = documented(
  plainText(
    z
      .string({ required_error: "Email is required" })
      .trim()
      .min(1, "Email is required")
      .max(254, "Email must be at most 254 characters")
      .regex(EMAIL_PATTERN, "Please enter a valid email address"),
    "Email",
  ).transform((value) => value.toLowerCase()),
  // EMAIL_PATTERN without white space or control characters (trimmed first; read in lower case).
  {
    pattern: "^[^\\s@\\u0000-\\u001f\\u007f-\\u009f]+@[^\\s@\\u0000-\\u001f\\u007f-\\u009f]+\\.[^\\s@\\u0000-\\u001f\\u007f-\\u009f]+$",
    allOf: undefined,
    examples: ["ada@example.com"],
  },
);

export const NameField = plainText(
  z
    .string({ required_error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .min(2, "Name must be at least 2 characters")
    .max(100, "Name must be at most 100 characters"),
  "Name",
);

const email = EmailField;
const name = NameField;

const tooLong = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;

/** A new password: required, then the first failed rule only. */
export const NewPasswordSchema = documented(
  z.string({ required_error: "Password is required" }).superRefine((password, ctx) => {
    if (!password) return void ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Password is required" });
    if (password.length > PASSWORD_MAX_LENGTH) return void ctx.addIssue({ code: z.ZodIssueCode.custom, message: tooLong });
    const failed = PASSWORD_RULES.find((rule) => !rule.test(password));
    if (failed) ctx.addIssue({ code: z.ZodIssueCode.custom, message: failed.message });
  }),
  {
    minLength: 8,
    maxLength: PASSWORD_MAX_LENGTH,
    pattern: PASSWORD_PATTERN,
    description: "At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character",
    examples: ["Str0ng!Pass"],
  },
);

function existingPassword(minimum: number) {
  return z
    .string({ required_error: "Password is required" })
    .min(1, "Password is required")
    .min(minimum, `Password must be at least ${minimum} characters`)
    .max(PASSWORD_MAX_LENGTH, tooLong);
}

export const SignupSchema = z.object({ name, email, password: NewPasswordSchema });
export const LoginSchema = z.object({ email, password: existingPassword(6) });
export const AdminLoginSchema = z.object({ email, password: existingPassword(8) });
export const UpdateProfileSchema = z.object({ name });

export const ChangePasswordSchema = z
  .object({
    current_password: z.string({ required_error: "Current password is required" }).min(1, "Current password is required").max(PASSWORD_MAX_LENGTH, tooLong),
    password: NewPasswordSchema,
    password_confirmation: z.string({ required_error: "Please confirm the new password" }).min(1, "Please confirm the new password"),
  })
  .refine((v) => v.password === v.password_confirmation, { message: "Passwords do not match", path: ["password_confirmation"] });
documented(ChangePasswordSchema, { description: "`password_confirmation` must equal `password`" });

/** Admins may set any password of 8+ characters (their login rule); the signup rules still apply. */
export const AdminChangePasswordSchema = ChangePasswordSchema;

/** 'Forgot password?': the email to send a reset link to. */
export const ForgotPasswordSchema = z.object({ email });
/** The reset link's page and `PUT /api/v1/password_resets`: the link's token and a new password (signup's rules). */
export const ResetPasswordSchema = z.object({
  token: z.string({ required_error: "The reset link is incomplete" }).min(1, "The reset link is incomplete").max(200, "The reset link is invalid"),
  password: NewPasswordSchema,
});

export type SignupInput = z.infer<typeof SignupSchema>;
export type LoginInput = z.infer<typeof LoginSchema>;
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** `POST /api/v1/refresh_token` and the admin variant. */
export const RefreshTokenSchema = z.object({ refresh_token: z.string({ required_error: "refresh_token is required" }).min(1, "refresh_token is required") });
