/**
 * The console's JSON forms of Java's scalar values (issue 8 §4), read and written exactly:
 * long as a number when |v| ≤ 2^53−1, else a decimal string (input takes either);
 * BigDecimal and BigInteger as exact decimal strings; java.util.Date as ISO-8601 UTC with
 * milliseconds (input also takes epoch milliseconds); byte[] as base64; doubles that JSON
 * cannot hold as "NaN", "Infinity", "-Infinity".
 *
 * Readers throw {@link Unfit} with the reason; to-java.ts adds the argument path.
 */

/** A JSON value does not fit the Java type it is read as; `message` says why. */
export class Unfit extends Error {}

const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

/** A long from a safe integer or a decimal string, as a bigint. */
export function readLong(json: unknown): bigint {
  if (typeof json === "number") {
    if (Number.isSafeInteger(json)) return BigInt(json);
    if (Number.isInteger(json)) throw new Unfit(`${json} is beyond ±(2^53−1), where JSON numbers lose digits: send the long as a decimal string`);
    throw new Unfit(`expected a whole number, got ${json}`);
  }
  if (typeof json === "string" && /^[+-]?\d+$/.test(json)) {
    const v = BigInt(json);
    if (v < LONG_MIN || v > LONG_MAX) throw new Unfit(`${json} is out of the long range`);
    return v;
  }
  throw new Unfit(`expected a long (a whole number, or a decimal string), got ${describeJson(json)}`);
}

/** A whole number in [min, max] (byte, short, int). */
export function readInt(json: unknown, min: number, max: number): number {
  if (typeof json === "number" && Number.isInteger(json) && json >= min && json <= max) return json;
  throw new Unfit(`expected a whole number from ${min} to ${max}, got ${describeJson(json)}`);
}

const NON_FINITE: Readonly<Record<string, number>> = { NaN: NaN, Infinity: Infinity, "-Infinity": -Infinity };

/** A double from a number, or "NaN" / "Infinity" / "-Infinity". */
export function readDouble(json: unknown): number {
  if (typeof json === "number") return json;
  if (typeof json === "string" && json in NON_FINITE) return NON_FINITE[json]!;
  throw new Unfit(`expected a number (or "NaN", "Infinity", "-Infinity"), got ${describeJson(json)}`);
}

/**
 * A boxed Float as hessian-lite writes it: `Double.parseDouble(String.valueOf(f))`
 * (BasicSerializer FLOAT), i.e. the shortest decimal that reads back as the same float,
 * as a double. (A float field or a float[] element is written widened instead.) The JDK
 * 17 FloatingDecimal is not always shortest, so a rare float may differ from Java's bytes
 * in its last digits; the provider reads the same float either way.
 */
export function floatAsWritten(value: number): number {
  const f = Math.fround(value);
  if (!Number.isFinite(f) || f === 0) return f;
  // Float.toString writes d.dddE±n (at least two digits) outside [10^-3, 10^7).
  const abs = Math.abs(f);
  for (let digits = abs >= 1e-3 && abs < 1e7 ? 1 : 2; digits <= 9; digits++) {
    const d = Number(f.toPrecision(digits));
    if (Math.fround(d) === f) return d;
  }
  return f;
}

/** What the JSON form of a double is: the number, or a word JSON can hold. */
export function doubleToJson(value: number): number | string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Infinity) return "Infinity";
  if (value === -Infinity) return "-Infinity";
  return value === 0 ? 0 : value;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * A BigDecimal from a decimal string (Java's `new BigDecimal(String)` syntax) or a finite
 * number, returned as Java's BigDecimal.toString() of it: hessian-lite sends a BigDecimal
 * as that string (StringValueSerializer), so this is what a Java consumer would send.
 */
export function readBigDecimal(json: unknown): string {
  const text = typeof json === "number" && Number.isFinite(json) ? String(json) : json;
  const m = typeof text === "string" ? DECIMAL.exec(text) : null;
  if (m === null || (m[2] === "" && (m[3] ?? "") === "")) throw new Unfit(`expected a decimal string like "1234.50" or "1E+3", got ${describeJson(json)}`);
  const [, sign, whole = "", fraction = "", exponent = "0"] = m;
  const exp = Number(exponent);
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > 2147483647) throw new Unfit(`the exponent of ${text} is out of range`);
  const scale = fraction.length - exp;
  if (scale > 2147483647 || scale < -2147483648) throw new Unfit(`the scale of ${text} is out of range`);
  const unscaled = BigInt(`${whole}${fraction}` || "0");
  return javaDecimalString(sign === "-" ? -unscaled : unscaled, scale);
}

/** BigDecimal.toString (Java SE): plain when the scale is ≥ 0 and the adjusted exponent ≥ −6, else scientific. */
export function javaDecimalString(unscaled: bigint, scale: number): string {
  const negative = unscaled < 0n;
  const coefficient = (negative ? -unscaled : unscaled).toString();
  const adjusted = -scale + (coefficient.length - 1);
  let body: string;
  if (scale >= 0 && adjusted >= -6) {
    if (scale === 0) body = coefficient;
    else if (coefficient.length > scale) body = `${coefficient.slice(0, -scale)}.${coefficient.slice(-scale)}`;
    else body = `0.${"0".repeat(scale - coefficient.length)}${coefficient}`;
  } else {
    const mantissa = coefficient.length > 1 ? `${coefficient[0]}.${coefficient.slice(1)}` : coefficient;
    body = adjusted === 0 ? mantissa : `${mantissa}E${adjusted > 0 ? "+" : ""}${adjusted}`;
  }
  return negative ? `-${body}` : body;
}

/** A BigInteger from a decimal string or a safe integer. */
export function readBigInteger(json: unknown): bigint {
  if (typeof json === "number" && Number.isSafeInteger(json)) return BigInt(json);
  if (typeof json === "string" && /^[+-]?\d+$/.test(json)) return BigInt(json);
  throw new Unfit(`expected a whole number as a decimal string, got ${describeJson(json)}`);
}

/** BigInteger's serialized fields: `signum` (−1, 0, 1) and `mag`, the magnitude as big-endian 32-bit words without leading zeros. */
export function bigIntegerFields(value: bigint): { signum: number; mag: number[] } {
  let rest = value < 0n ? -value : value;
  const mag: number[] = [];
  while (rest > 0n) {
    mag.unshift(Number(BigInt.asIntN(32, rest & 0xffffffffn)));
    rest >>= 32n;
  }
  return { signum: value === 0n ? 0 : value < 0n ? -1 : 1, mag };
}

/** The BigInteger of `signum` and `mag` (ints read as unsigned words). */
export function bigIntegerOf(signum: number, mag: readonly unknown[]): bigint {
  let v = 0n;
  for (const word of mag) v = (v << 32n) | BigInt.asUintN(32, BigInt(typeof word === "number" ? Math.trunc(word) : 0));
  return signum < 0 ? -v : v;
}

const ISO_DATE = /^(?:[+-]\d{6}|\d{4})-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;

/** A java.util.Date from an ISO-8601 string with a zone (or a date alone, read as UTC midnight) or epoch milliseconds. */
export function readDate(json: unknown): Date {
  if (typeof json === "number") {
    if (Number.isSafeInteger(json) && Math.abs(json) <= 8.64e15) return new Date(json);
    throw new Unfit(`expected epoch milliseconds (a whole number), got ${json}`);
  }
  if (typeof json === "string" && ISO_DATE.test(json)) {
    const date = new Date(json.replace(/(\.\d{3})\d+/, "$1"));
    if (!Number.isNaN(date.getTime())) return date;
  }
  throw new Unfit(`expected an ISO-8601 date with a zone ("2024-05-01T08:30:00.000Z") or epoch milliseconds, got ${describeJson(json)}`);
}

/** The JSON form of a Date: ISO-8601 UTC with milliseconds. */
export function dateToJson(date: Date): string {
  return date.toISOString();
}

/** byte[] from base64 (standard or URL-safe alphabet, padding optional). */
export function readBase64(json: unknown): Buffer {
  if (typeof json === "string") {
    const text = json.replace(/\s+/g, "");
    if (/^[A-Za-z0-9+/\-_]*={0,2}$/.test(text) && text.replace(/=+$/, "").length % 4 !== 1) return Buffer.from(text, "base64");
  }
  throw new Unfit(`expected base64 text, got ${describeJson(json)}`);
}

/** A JSON value named for a message: `"abc"`, `3.5`, `an object`, `a list of 3`. */
export function describeJson(json: unknown): string {
  if (json === null || json === undefined) return "null";
  if (typeof json === "string") return JSON.stringify(json.length > 40 ? `${json.slice(0, 40)}…` : json);
  if (typeof json === "number" || typeof json === "boolean") return String(json);
  if (Array.isArray(json)) return `a list of ${json.length}`;
  if (typeof json === "object") return "an object";
  return typeof json;
}
