import { z } from "zod";
import { DELIVERY_LIMITS } from "../rules/delivery-rules";
import { plainText } from "./text";

/**
 * A delivery's note to the customer: optional, trimmed (blank is none), at most
 * DELIVERY_LIMITS.noteMax characters of plain text. The one rule for the studio's screen, its
 * upload with progress and the API (all through the fulfilment service's `deliver`).
 */
export const DeliveryNoteSchema = plainText(
  z
    .string()
    .trim()
    .max(DELIVERY_LIMITS.noteMax, `The note must be at most ${DELIVERY_LIMITS.noteMax} characters`)
    .transform((note) => note || null),
  "The note",
  { multiline: true },
).nullable();
