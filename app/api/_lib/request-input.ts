import "server-only";
import type { z } from "zod";
import { ValidationError } from "@/lib/errors";

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
 * One ValidationError for every issue of `where`. An issue's message should name its field
 * (the API's schemas say `limit must be …`); one that does not is prefixed with the path.
 */
function invalid(where: "query", zodIssues: readonly z.core.$ZodIssue[]): ValidationError {
  const issues = zodIssues.map((i) => ({ path: i.path.map(String).join(".") || `(${where})`, message: i.message }));
  const summary = issues.map((i) => (i.message.startsWith(`${i.path} `) ? i.message : `${i.path}: ${i.message}`)).join("; ");
  return new ValidationError(`invalid ${where}: ${summary}`, issues);
}
