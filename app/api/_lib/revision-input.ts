import "server-only";
import { ValidationError } from "@/lib/errors";

/**
 * The revision a write is based on, for every rule kind (routes, configs, and the kinds to
 * come): `revision` in the body or the query, or the `If-Match` header (`"r"`, `W/"r"` or
 * a bare `r`). Both may be given only if they agree; neither is a 400 naming both places,
 * and so is an `If-Match` listing several revisions or `*` (a write is based on one
 * revision the client has seen). The revision itself is compared by the store, which
 * answers 409 conflict when it is stale.
 */
export function revisionInput(request: Request, given: string | undefined): string {
  const header = ifMatchRevision(request.headers.get("if-match"));
  if (given !== undefined && header !== undefined && given !== header) {
    throw new ValidationError(`the revision in the request (${JSON.stringify(given)}) and If-Match (${JSON.stringify(header)}) disagree`, [
      { path: "revision", message: `differs from If-Match ${JSON.stringify(header)}` },
    ]);
  }
  const revision = given ?? header;
  if (revision === undefined || revision === "") {
    throw new ValidationError("a revision is required: give the revision the change is based on as `revision` or in If-Match", [
      { path: "revision", message: "required (or If-Match)" },
    ]);
  }
  return revision;
}

/** The one revision an If-Match header names, or undefined when there is no header. */
export function ifMatchRevision(header: string | null): string | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (text === "") return undefined;
  if (text === "*" || splitsInto(text)) {
    throw new ValidationError(`If-Match must name one revision, got ${JSON.stringify(text)}`, [{ path: "If-Match", message: "one revision, not a list or *" }]);
  }
  const weak = text.startsWith("W/") ? text.slice(2) : text;
  const quoted = weak.length >= 2 && weak.startsWith('"') && weak.endsWith('"');
  const value = quoted ? weak.slice(1, -1) : weak;
  if (value === "" || /["\s]/.test(value)) {
    throw new ValidationError(`If-Match is not a revision: ${JSON.stringify(text)}`, [{ path: "If-Match", message: "a quoted revision such as \"3\"" }]);
  }
  return value;
}

function splitsInto(text: string): boolean {
  return /^(W\/)?"[^"]*"\s*,/.test(text) || (!text.includes('"') && text.includes(","));
}
