import { z } from "zod";

/**
 * A number sent in JSON as a number or a numeric string. Unlike `z.coerce.number()` it never calls
 * `Number()` on objects: `{"valueOf": 1}` makes `Number()` throw (found by the fuzz test).
 */
export function jsonNumber(message: string, requiredMessage = message) {
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" && /^[\d.eE+-]+$/.test(value.trim()) ? Number(value) : value),
    z.number({ required_error: requiredMessage, invalid_type_error: message }),
  );
}
