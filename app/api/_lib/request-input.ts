import "server-only";
import type { z } from "zod";
import { BodyTooLargeError, UnsupportedMediaTypeError } from "@/server/errors/request-errors";
import { ValidationError } from "@/lib/errors";
import { parseMaxBodyBytes } from "@/server/runtime/config";

/**
 * Validates the URL query against `schema`, or throws a ValidationError naming each bad
 * parameter: `invalid query: limit must be a whole number from 1 to 10000, got "abc"`.
 * Repeated parameters count once, the last one winning.
 */
export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const result = schema.safeParse(params);
  if (!result.success) throw invalid("query", result.error.issues);
  return result.data;
}

/**
 * Reads a JSON request body and validates it against `schema`. Whatever the client sends,
 * the answer is the client's error, never a 500: another media type is 415
 * unsupported_media_type (requiring JSON also makes a cross-site form post impossible
 * without a CORS preflight), an empty or malformed body is 400 validation_failed, and so is
 * a body that does not match the schema, with an issue per bad field. A body over `limit`
 * bytes (CONSOLE_MAX_BODY_BYTES, 1 MiB by default) is 413 payload_too_large, and no more
 * than the limit is read.
 */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S, limit = bodyLimit()): Promise<z.output<S>> {
  const type = request.headers.get("content-type");
  if (!isJson(type)) {
    throw new UnsupportedMediaTypeError(`the body must be JSON (content-type: application/json), got ${type ? JSON.stringify(type) : "no content-type"}`);
  }
  const text = await readText(request, limit);
  if (text.trim() === "") throw bodyError("the body is empty; expected JSON");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw bodyError(`the body is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const result = schema.safeParse(value);
  if (!result.success) throw invalid("body", result.error.issues);
  return result.data;
}

/**
 * A JSON body that may be left out: no body (no content-type and nothing sent) is `{}`
 * validated against `schema`; one sent is read as {@link parseJsonBody} reads it.
 */
export async function parseOptionalJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const declared = request.headers.get("content-length");
  if (request.headers.get("content-type") === null && (request.body === null || declared === "0")) {
    const result = schema.safeParse({});
    if (!result.success) throw invalid("body", result.error.issues);
    return result.data;
  }
  return parseJsonBody(request, schema);
}

let configuredLimit: number | undefined;

/** CONSOLE_MAX_BODY_BYTES, read once (start-up has already refused a bad value). */
function bodyLimit(): number {
  return (configuredLimit ??= parseMaxBodyBytes(process.env.CONSOLE_MAX_BODY_BYTES));
}

/**
 * The body as UTF-8 text, counting bytes as they stream in: a Content-Length over the
 * limit is refused before reading, and so is a body (chunked, or lying about its length)
 * as soon as it passes the limit; the rest is not read.
 */
async function readText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(limit);
  if (request.body === null) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const chunk = await reader.read().catch(() => {
      throw bodyError("the body could not be read to its end");
    });
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(limit);
    }
    chunks.push(chunk.value);
  }
  // TextDecoder drops a leading BOM, as Request.text() does.
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** `application/json` or a `+json` type, with any parameters (`; charset=utf-8`). */
function isJson(contentType: string | null): boolean {
  const essence = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return essence === "application/json" || (essence.startsWith("application/") && essence.endsWith("+json"));
}

function bodyError(message: string): ValidationError {
  return new ValidationError(message, [{ path: "(body)", message }]);
}

/**
 * One ValidationError for every issue of `where`. An issue's message should name its field
 * (the API's schemas say `limit must be …`); one that does not is prefixed with the path.
 */
function invalid(where: "query" | "body", zodIssues: readonly z.core.$ZodIssue[]): ValidationError {
  const issues = zodIssues.map((i) => ({ path: i.path.map(String).join(".") || `(${where})`, message: i.message }));
  const summary = issues.map((i) => (i.message.startsWith(`${i.path} `) ? i.message : `${i.path}: ${i.message}`)).join("; ");
  return new ValidationError(`invalid ${where}: ${summary}`, issues);
}

/**
 * The path segment right after `prefix`, percent-decoded: the `{id}` of
 * `/api/v1/routes/{id}` and `/api/v1/routes/{id}/enable` for prefix `/api/v1/routes/`.
 * Read from the URL, as the route file's dynamic segment is: the handlers take only the
 * request (see route-handler.ts).
 */
export function pathParam(request: Request, prefix: string): string {
  const path = new URL(request.url).pathname;
  const rest = path.startsWith(prefix) ? path.slice(prefix.length) : "";
  const segment = rest.split("/")[0] ?? "";
  // The request guard (proxy.ts) has already refused a path that is not valid percent-encoding.
  return decodeURIComponent(segment);
}
