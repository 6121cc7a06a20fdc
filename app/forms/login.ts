import { z } from "zod";

/** The login page and the login pop-up at checkout share this form. */
export const loginSchema = z.object({
  sponsor_id: z.string({ required_error: "Sponsor ID is required" }).trim().min(1, "Sponsor ID is required").max(20),
  password: z.string({ required_error: "Password must be at least 6 characters long" }).min(6, "Password must be at least 6 characters long").max(100),
  remember: z.boolean().default(false),
  redirectTo: z.string().optional(),
});
