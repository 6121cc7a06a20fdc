import { z } from "zod";
import { DEFAULT_LANGUAGE, LANGUAGES } from "./languages";

/** What `num` reads from a string: a decimal, spaces around it allowed ("499.00", " 12 "). */
const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * `num`, `flag` and `text` are read on every field of every upstream answer (a product listing has
 * hundreds), so each is one schema that decides in one step. As unions and transforms (what they
 * were, and what they equal: contract/common.test.ts) they took 3–4 nested parses a field, ≈ 10×
 * the time and allocations: 0.46 → 0.04 ms for a My Team answer.
 */
/** A number, or a numeric string read as one; undefined for anything else. */
function numberIn(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isNaN(value) ? undefined : value;
  return typeof value === "string" && NUMERIC.test(value) ? Number(value) : undefined;
}

class NumberOrNumeric extends z.ZodType<number, z.ZodTypeDef, number | string> {
  _parse(input: z.ParseInput): z.ParseReturnType<number> {
    const value = numberIn(input.data);
    return value === undefined ? invalid(this, input, z.ZodParsedType.number) : z.OK(value);
  }
}

class Flag extends z.ZodType<number, z.ZodTypeDef, number | string | boolean> {
  _parse(input: z.ParseInput): z.ParseReturnType<number> {
    const value = typeof input.data === "boolean" ? Number(input.data) : numberIn(input.data);
    return value === undefined ? invalid(this, input, z.ZodParsedType.number) : z.OK(value);
  }
}

class OptionalText extends z.ZodType<string, z.ZodTypeDef, string | null | undefined> {
  _parse(input: z.ParseInput): z.ParseReturnType<string> {
    const value = input.data;
    if (typeof value === "string") return z.OK(value);
    if (value === null || value === undefined) return z.OK("");
    return invalid(this, input, z.ZodParsedType.string);
  }
}

/** The issue z.number() / z.string() would give: "Expected number, received boolean". */
function invalid(schema: z.ZodTypeAny, input: z.ParseInput, expected: z.ZodParsedType) {
  const ctx = schema._getOrReturnCtx(input);
  z.addIssueToContext(ctx, { code: z.ZodIssueCode.invalid_type, expected, received: ctx.parsedType });
  return z.INVALID;
}

/**
 * A number that the brand's API may send as a number or as a numeric string ("499.00").
 * The embedded upstream always sends numbers; the app accepts both.
 */
export const num = new NumberOrNumeric({});

/** 0/1 flags, also tolerated as booleans or strings. */
export const flag = new Flag({});

/** Text the API may leave out or send as null; the app sees "". */
export const text = new OptionalText({});

/** A link a page puts in an href: an http(s) URL only ("javascript:…" from the upstream would run in the shop's origin), else none. */
export const webLink = text.transform((value) => (/^https?:\/\//i.test(value.trim()) ? value.trim() : ""));

/**
 * `lang` of a request that makes the upstream write to someone later or elsewhere (a mail, the
 * payment provider's return address): the language of the page the request came from, so the
 * mail is in that language and its links go to that language's pages. Optional ("en"): an API
 * that knows one language may ignore it.
 */
export const language = z.enum(LANGUAGES).default(DEFAULT_LANGUAGE);

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

/** How a request's body is sent: JSON (default), or multipart/form-data (files, e.g. registration). */
export type Encoding = "json" | "multipart";
/** What a successful call answers: the JSON envelope (default), or a file (an invoice PDF, a KYC image). */
export type AnswerType = "json" | "binary";

export interface Endpoint<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny, Enc extends Encoding = "json", Ans extends AnswerType = "json"> {
  /** Path under the API base, with {params}, e.g. "products/{slug}". */
  path: string;
  request: Req;
  /** The JSON answer; for a binary answer, the file's description (fileAnswer). */
  response: Res;
  encoding: Enc;
  answer: Ans;
}

export function endpoint<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny, Enc extends Encoding = "json", Ans extends AnswerType = "json">(
  path: string,
  request: Req,
  response: Res,
  options: { encoding?: Enc; answer?: Ans } = {},
): Endpoint<Req, Res, Enc, Ans> {
  return { path, request, response, encoding: options.encoding ?? ("json" as Enc), answer: options.answer ?? ("json" as Ans) };
}

/**
 * The description of a binary answer: its media type (one of those the endpoint allows) and the
 * file name the upstream suggests. The upstream's handler returns it with the bytes; the app's
 * client reads it from the answer's headers and refuses (502) a type the endpoint does not allow.
 */
export function fileAnswer(mediaTypes: readonly [string, ...string[]]) {
  return z.object({
    contentType: z
      .string()
      .transform((type) => type.split(";")[0].trim().toLowerCase())
      .refine((type) => mediaTypes.includes(type), { message: `not one of ${mediaTypes.join(", ")}` }),
    fileName: z.string().optional(),
  });
}

/**
 * A file in a multipart request body: anything Blob-like with a name (a File, or the app's file
 * on disk from the upload handler). The contract does not read it; the upstream checks its type
 * and size itself.
 */
export interface UploadFile {
  name: string;
  type: string;
  size: number;
  stream(): ReadableStream<Uint8Array>;
}
export const uploadFile = z.custom<UploadFile>(
  (value) =>
    typeof value === "object" && value !== null && typeof (value as UploadFile).stream === "function" && typeof (value as UploadFile).name === "string",
  "not a file",
);

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
