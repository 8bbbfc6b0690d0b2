/**
 * The invoke form's JSON view: the arguments as one JSON array, as the operator edits it.
 * Besides JSON's own syntax it checks what JSON.parse would hide: a whole number beyond
 * 2^53−1 written as a number has already lost digits when it is parsed, so it must be
 * written as a string (the API's convention for such longs).
 */

/** The arguments' text in the JSON view: indented by two spaces. */
export function argsJsonText(args: readonly unknown[]): string {
  return JSON.stringify(args, null, 2);
}

export type ParsedArgs = { readonly ok: true; readonly args: unknown[] } | { readonly ok: false; readonly message: string };

const STRING = /"(?:[^"\\]|\\.)*"/g;
const INTEGER = /-?\d+(?![\d.eE])/g;
const MAX_EXACT = BigInt(Number.MAX_SAFE_INTEGER);

/** The first whole number of `text` (JSON) too large to be exact as a JSON number, or null. */
function inexactInteger(text: string): string | null {
  const outsideStrings = text.replace(STRING, (s) => " ".repeat(s.length));
  for (const match of outsideStrings.matchAll(INTEGER)) {
    const digits = match[0];
    // Part of a fraction or an exponent (1.5, 2e10) is no whole number of its own.
    const before = outsideStrings[match.index - 1];
    if (before === "." || before === "e" || before === "E" || before === "+") continue;
    const n = BigInt(digits);
    if (n > MAX_EXACT || n < -MAX_EXACT) return digits;
  }
  return null;
}

/** Reads the JSON view's text as the arguments of a method taking `count` of them. */
export function parseArgsJsonText(text: string, count: number): ParsedArgs {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `Not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (!Array.isArray(value)) return { ok: false, message: "The arguments are one JSON array, one element per parameter: [ … ]" };
  if (value.length !== count) {
    return { ok: false, message: `The method takes ${count} argument${count === 1 ? "" : "s"}; the array holds ${value.length}` };
  }
  const inexact = inexactInteger(text);
  if (inexact !== null) {
    return { ok: false, message: `${inexact} is beyond 2^53−1, where JSON numbers lose digits: write it as a string, "${inexact}"` };
  }
  return { ok: true, args: value };
}
