import { z } from "zod";

/** "Book a demo" on the landing page; shared by the browser (live validation) and the server. */
export const DemoRequestSchema = z.object({
  name: z
    .string({ required_error: "Name is required" })
    .trim()
    .min(2, "Name must be at least 2 characters")
    .max(100, "Name must be at most 100 characters"),
  email: z
    .string({ required_error: "Email is required" })
    .trim()
    .toLowerCase()
    .max(254, "Email must be at most 254 characters")
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "Please enter a valid email address"),
  company: z.string().trim().max(120, "Company must be at most 120 characters").optional(),
  message: z.string().trim().max(2000, "Message must be at most 2000 characters").optional(),
});

export type DemoRequestInput = z.infer<typeof DemoRequestSchema>;
