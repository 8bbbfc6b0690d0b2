import type { z } from "zod";

/**
 * What parsing one ZooKeeper node's JSON gives: the value, or the reason it was rejected.
 * A registry holds whatever any client wrote, so a malformed node is data to report, not
 * an exception: the readers skip it, list it with this reason, and carry on.
 */
export type NodeParse<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

/** Longest piece of a bad value quoted back in a reason. */
const QUOTE_LIMIT = 80;

export function rejected(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}

/** `JSON.parse` then `schema`, as one {@link NodeParse}; `what` names the document in reasons. */
export function parseNodeJson<T>(text: string, schema: z.ZodType<T>, what: string): NodeParse<T> {
  const raw = parseJsonText(text, what);
  return raw.ok ? validate(raw.value, schema, what) : raw;
}

/** `JSON.parse` as a {@link NodeParse}: the reason quotes the start of the text. */
export function parseJsonText(text: string, what: string): NodeParse<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return rejected(`${what} is not JSON (${e instanceof Error ? e.message : String(e)}): ${quote(text)}`);
  }
}

/** Checks an already parsed value against `schema`; the reason names the first bad field. */
export function validate<T>(raw: unknown, schema: z.ZodType<T>, what: string): NodeParse<T> {
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, value: result.data };
  const [first, ...rest] = result.error.issues;
  const where = first && first.path.length > 0 ? first.path.map(String).join(".") : "(root)";
  const more = rest.length > 0 ? ` (and ${rest.length} more)` : "";
  return rejected(`${what}: ${where}: ${first?.message ?? "invalid"}${more}`);
}

/** A value cut short for a message. */
export function quote(text: string): string {
  return JSON.stringify(text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT)}…` : text);
}
