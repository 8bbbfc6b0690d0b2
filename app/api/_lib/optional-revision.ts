import "server-only";
import { revisionInput } from "./revision-input";

/**
 * The revision a write may name but need not (enable, disable: the result is the same
 * whatever came between): as revisionInput when `given` or `If-Match` is there (both must
 * agree), else undefined.
 */
export function optionalRevisionInput(request: Request, given: string | undefined): string | undefined {
  const header = request.headers.get("if-match");
  return given === undefined && (header === null || header.trim() === "") ? undefined : revisionInput(request, given);
}
