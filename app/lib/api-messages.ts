import { z } from "zod";

/**
 * Zod's messages for the JSON API, naming the field in words a person understands. Schemas keep
 * their own messages (SPEC §5's texts); this map only replaces Zod's defaults ("Expected string,
 * received number", "Invalid input", "Required"), which name neither the field nor the rule.
 */
const LABELS: Record<string, string> = {
  name: "Name",
  email: "Email",
  password: "Password",
  current_password: "Current password",
  password_confirmation: "Password confirmation",
  refresh_token: "refresh_token",
  street: "Street",
  city: "City",
  state: "State",
  zip_code: "Zip code",
  country: "Country",
  is_default: "is_default",
  product_id: "product_id",
  billing_address_id: "billing_address_id",
  order_amount: "order_amount",
  currency: "Currency",
  package_index: "package_index",
  title: "Title",
  description_heading: "Description heading",
  description: "Description",
  services_offered: "Services offered",
  tags: "Tags",
  packages: "Packages",
  short_description: "Package description",
  items_included: "Items included",
  delivery_days: "Delivery days",
  revisions: "Revisions",
  revision_days: "Revision days",
  amount: "Amount",
};

/** "Zip code", "Package description (packages 2)": the field's words, with its position in a list. */
export function fieldLabel(path: (string | number)[]): string {
  const named = [...path].reverse().find((part): part is string => typeof part === "string");
  const label = named ? (LABELS[named] ?? named) : "The request";
  const index = path.find((part): part is number => typeof part === "number");
  return index === undefined ? label : `${label} (item ${index + 1})`;
}

const TYPE_WORDS: Partial<Record<string, string>> = {
  string: "text",
  number: "a number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  integer: "a whole number",
};

export const apiErrorMap: z.ZodErrorMap = (issue, context) => {
  // A schema's own words (its required or type message) stand; only Zod's generic ones are replaced.
  if (context.defaultError !== z.defaultErrorMap(issue, { data: context.data, defaultError: "" }).message) return { message: context.defaultError };
  const label = fieldLabel(issue.path);
  switch (issue.code) {
    case z.ZodIssueCode.invalid_type:
      if (issue.received === "undefined" || issue.received === "null") return { message: `${label} is required` };
      return { message: `${label} must be ${TYPE_WORDS[issue.expected] ?? issue.expected}` };
    case z.ZodIssueCode.invalid_union:
    case z.ZodIssueCode.invalid_enum_value:
    case z.ZodIssueCode.invalid_literal:
      return { message: `${label} is not one of the accepted values` };
    case z.ZodIssueCode.too_small:
      if (issue.type === "string") return { message: issue.minimum === 1 ? `${label} is required` : `${label} must be at least ${issue.minimum} characters` };
      if (issue.type === "array") return { message: `${label} must have at least ${issue.minimum} entries` };
      return { message: `${label} must be at least ${issue.minimum}` };
    case z.ZodIssueCode.too_big:
      if (issue.type === "string") return { message: `${label} must be at most ${issue.maximum} characters` };
      if (issue.type === "array") return { message: `${label} must have at most ${issue.maximum} entries` };
      return { message: `${label} must be at most ${issue.maximum}` };
    default:
      return { message: context.defaultError === "Invalid input" ? `${label} is invalid` : context.defaultError };
  }
};

/** `schema.safeParse` for API bodies and queries: messages from `apiErrorMap`. */
export function parseApiInput<Schema extends z.ZodTypeAny>(schema: Schema, input: unknown) {
  return schema.safeParse(input, { errorMap: apiErrorMap }) as z.SafeParseReturnType<z.input<Schema>, z.output<Schema>>;
}
