import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { useCheckedForm, type BrowserCheck, type CheckedFormOptions } from "./use-checked-form";

const checks = new WeakMap<z.ZodTypeAny, BrowserCheck>();

/** The browser's check of a form by the schema its action parses with (made once per schema). */
export function schemaCheck(schema: z.ZodTypeAny): BrowserCheck {
  let check = checks.get(schema);
  if (!check) {
    check = { constraint: getZodConstraint(schema), onValidate: ({ formData }) => parseWithZod(formData, { schema }) };
    checks.set(schema, check);
  }
  return check;
}

/**
 * A form checked in the browser by `schema` (the schema the action parses with) before it is sent,
 * and again by the action: `useCheckedForm` with the schema's check. `constraint: false` leaves the
 * browser's own constraint attributes off.
 */
export function useSchemaForm<Schema extends z.ZodTypeAny>(
  schema: Schema,
  options: Omit<CheckedFormOptions<z.input<Schema>>, "check"> & { constraint?: boolean } = {},
) {
  const { constraint = true, ...rest } = options;
  const check = schemaCheck(schema);
  return useCheckedForm<z.input<Schema>>({ ...rest, check: constraint ? check : { onValidate: check.onValidate, constraint: undefined } });
}
