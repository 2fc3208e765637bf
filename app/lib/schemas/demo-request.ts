import { z } from "zod";
import { plainText } from "./text";

/** "Book a demo" on the landing page; shared by the browser (live validation) and the server. */
export const DemoRequestSchema = z.object({
  name: plainText(
    z.string({ required_error: "Name is required" }).trim().min(2, "Name must be at least 2 characters").max(100, "Name must be at most 100 characters"),
    "Name",
  ),
  email: plainText(
    z
      .string({ required_error: "Email is required" })
      .trim()
      .toLowerCase()
      .max(254, "Email must be at most 254 characters")
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "Please enter a valid email address"),
    "Email",
  ),
  company: plainText(z.string().trim().max(120, "Company must be at most 120 characters"), "Company").optional(),
  message: plainText(z.string().trim().max(2000, "Message must be at most 2000 characters"), "Message", { multiline: true }).optional(),
});

export type DemoRequestInput = z.infer<typeof DemoRequestSchema>;
