/**
 * Schemas of the HTTP API's query parameters. Their errors say, in our words, what was
 * expected and what came (`limit must be a whole number from 1 to 10000, got "abc"`), so
 * no zod default ("Invalid input: expected number, received NaN") reaches an operator.
 * Every query parameter of the API is built from one of these.
 */
import { z } from "zod";

/** How a received value is quoted in a message: strings as JSON, anything else by its type. */
function shown(input: unknown): string {
  return typeof input === "string" ? JSON.stringify(input) : input === undefined ? "nothing" : typeof input;
}

/**
 * A whole number from `min` to `max`, in decimal digits only (no sign, point, exponent or
 * spaces); `fallback` when the parameter is absent. An empty value is an error, not absent.
 */
export function wholeNumberParam(name: string, { min, max, fallback }: { min: number; max: number; fallback: number }) {
  const expected = `${name} must be a whole number from ${min} to ${max}`;
  return z
    .string({ error: (issue) => `${expected}, got ${shown(issue.input)}` })
    .transform((text, ctx) => {
      const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
      if (Number.isSafeInteger(n) && n >= min && n <= max) return n;
      ctx.addIssue({ code: "custom", message: `${expected}, got ${shown(text)}`, input: text });
      return z.NEVER;
    })
    .default(fallback);
}

/** Optional free text, trimmed, of at most `max` characters after trimming. */
export function textParam(name: string, { max }: { max: number }) {
  return z
    .string({ error: (issue) => `${name} must be text, got ${shown(issue.input)}` })
    .trim()
    .max(max, { error: (issue) => `${name} must be at most ${max} characters, got ${typeof issue.input === "string" ? issue.input.length : shown(issue.input)}` })
    .optional();
}

/** Optional, one of `values` exactly (case-sensitive). */
export function choiceParam<const T extends readonly [string, ...string[]]>(name: string, values: T) {
  const expected = `${name} must be one of ${values.slice(0, -1).join(", ")}${values.length > 1 ? " or " : ""}${values.at(-1)}`;
  return z
    .string({ error: (issue) => `${expected}, got ${shown(issue.input)}` })
    .refine((text): text is T[number] => (values as readonly string[]).includes(text), { error: (issue) => `${expected}, got ${shown(issue.input)}` })
    .optional();
}

/** An ISO 8601 date-time with its offset: `2026-12-01T10:00:00Z`, `2026-12-01T11:00+01:00`, with or without seconds and fraction. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/**
 * Optional instant, as ms since the epoch: an ISO 8601 date-time with an offset (`Z` or
 * `+01:00`) or a whole number of ms since the epoch. A date-time without an offset is
 * refused, since the server could only guess its zone.
 */
export function instantParam(name: string) {
  const expected = `${name} must be an ISO 8601 date-time with an offset (2026-12-01T10:00:00Z) or ms since the epoch`;
  return z
    .string({ error: (issue) => `${expected}, got ${shown(issue.input)}` })
    .trim()
    .transform((text, ctx) => {
      const ms = /^\d{1,15}$/.test(text) ? Number(text) : ISO_INSTANT.test(text) ? Date.parse(text) : Number.NaN;
      if (Number.isSafeInteger(ms)) return ms;
      ctx.addIssue({ code: "custom", message: `${expected}, got ${shown(text)}`, input: text });
      return z.NEVER;
    })
    .optional();
}
