/**
 * JSON read without losing digits (issue 19, the Triple JSON path): JSON.parse, except that
 * a number a double cannot carry is read as its decimal text, by the invoke API's
 * conventions (a long beyond 2^53−1 as a decimal string, a BigDecimal as an exact decimal
 * string). A provider answering JSON writes a Java long or BigDecimal as a bare JSON number
 * (Dubbo 3.3.6 with fastjson2 answers echoLong(2^53+1) as `9007199254740993`); JSON.parse
 * would round it.
 *
 * - a whole number (no fraction, no exponent) beyond ±(2^53−1): its digits, as written;
 * - any other number whose value the nearest double does not equal (`0.1` is kept: the double
 *   prints back as `0.1`; `12345678901234567890.123` is not): its text, as written;
 * - every other number: a number (`1234.500` is 1234.5, `1.0E300` is 1e300).
 */

export type ExactJson = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

/** A JSON string token (its escapes included), and a JSON number token. */
const TOKEN = /"(?:[^"\\]|\\.)*"|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
const WHOLE = /^-?\d+$/;
const MAX_EXACT = BigInt(Number.MAX_SAFE_INTEGER);

/** Reads `text` as JSON; numbers a double cannot hold come back as their decimal text. */
export function parseExactJson(text: string): ExactJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  // Most answers carry no such number: they are parsed once.
  let changed = false;
  const quoted = text.replace(TOKEN, (token) => {
    if (token.startsWith('"') || !needsText(token)) return token;
    changed = true;
    return `"${token}"`;
  });
  return { ok: true, value: changed ? JSON.parse(quoted) : value };
}

/** Whether a number token must be kept as text: see the module's rules. */
export function needsText(token: string): boolean {
  if (WHOLE.test(token)) {
    const n = BigInt(token);
    return n > MAX_EXACT || n < -MAX_EXACT;
  }
  const double = Number(token);
  if (!Number.isFinite(double)) return true;
  return decimalOf(token) !== decimalOf(String(double));
}

/**
 * A number's text in one spelling of its value: the significant digits, `e`, and the
 * exponent of the last digit (`1234.500` and `1.2345e3` are both `12345e-1`), `0` for zero.
 */
function decimalOf(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return text;
  const [, sign, whole, fraction = "", exponent = "0"] = m;
  const digits = `${whole}${fraction}`.replace(/^0+/, "");
  if (digits === "") return "0";
  const trimmed = digits.replace(/0+$/, "");
  const scale = Number(exponent) - fraction.length + (digits.length - trimmed.length);
  return `${sign}${trimmed}e${scale}`;
}
