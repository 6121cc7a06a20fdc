import { z } from "zod";

/**
 * A number that the brand's API may send as a number or as a numeric string ("499.00").
 * The embedded upstream always sends numbers; the app accepts both.
 */
export const num = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, "not a number")
    .transform(Number),
]);

/** 0/1 flags, also tolerated as booleans or strings. */
export const flag = z.union([num, z.boolean().transform((b) => (b ? 1 : 0))]);

/** Text the API may leave out or send as null; the app sees "". */
export const text = z
  .string()
  .nullish()
  .transform((s) => s ?? "");

/** Every response is wrapped: { success, message?, data }. Unknown fields pass through. */
export function envelope<T extends z.ZodTypeAny>(data: T) {
  return z
    .object({
      success: z.boolean().optional(),
      status: num.optional(),
      message: z.string().optional(),
      data,
    })
    .passthrough();
}

/** The body every failed call answers with. */
export const errorBody = z
  .object({
    success: z.literal(false).optional(),
    status: num.optional(),
    message: z.string(),
    errors: z.record(z.array(z.string())).optional(),
  })
  .passthrough();

export interface Endpoint<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny> {
  /** Path under the API base, with {params}, e.g. "products/{slug}". */
  path: string;
  request: Req;
  response: Res;
}

export function endpoint<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(
  path: string,
  request: Req,
  response: Res,
): Endpoint<Req, Res> {
  return { path, request, response };
}

/** "products/{slug}" + { slug: "a b" } → "products/a%20b" */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`missing path parameter ${key} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** "products/{slug}" → "/products/:slug" (express route syntax, for the embedded upstream). */
export function routePath(path: string): string {
  return "/" + path.replace(/\{(\w+)\}/g, ":$1");
}

export const empty = z.object({}).passthrough();
