import { parseWithZod } from "@conform-to/zod";
import { reviewSchema } from "./review";

/**
 * The action's parse of a review. It sits in a .server module so that the product route imports
 * neither zod nor Conform: esbuild keeps a route's import of a shared chunk even when only the
 * (browser-removed) action used it, and that chunk would load with the page.
 */
export const parseReview = (formData: FormData) => parseWithZod(formData, { schema: reviewSchema });
