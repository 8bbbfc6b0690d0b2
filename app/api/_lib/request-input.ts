import "server-only";
import type { z } from "zod";
import { UnsupportedMediaTypeError, ValidationError } from "@/lib/errors";

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
 * a body that does not match the schema, with an issue per bad field.
 */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const type = request.headers.get("content-type");
  if (!isJson(type)) {
    throw new UnsupportedMediaTypeError(`the body must be JSON (content-type: application/json), got ${type ? JSON.stringify(type) : "no content-type"}`);
  }
  const text = await request.text().catch(() => {
    throw bodyError("the body could not be read to its end");
  });
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
