import { z } from "zod";

/** POST /api/v1/admin/reconcile {reconcile:{cursor?, repair?}}: where to go on from, and whether to repair what differs. */
export const ReconcileSchema = z
  .object({
    cursor: z
      .string()
      .max(2_000)
      .regex(/^[A-Za-z0-9_-]+$/, "cursor must be the cursor a previous call returned")
      .optional(),
    repair: z.boolean().default(true),
  })
  .strict();

export type ReconcileInput = z.output<typeof ReconcileSchema>;
