import type { ScalarSpec } from "./form/field-spec";
import { dateInputText, isoDate, parseDateText } from "./java-date";

/**
 * One scalar both ways: the text a form field holds ↔ the JSON value the invoke API takes
 * for its Java type (issue 8 §4). Each direction says why when it cannot.
 */
export type Converted<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

const ok = <T>(value: T): Converted<T> => ({ ok: true, value });
const no = (message: string): Converted<never> => ({ ok: false, message });

/** The largest integer a JSON number carries exactly: 2^53 − 1. */
const MAX_EXACT = BigInt(Number.MAX_SAFE_INTEGER);
/** Float.MAX_VALUE: a larger magnitude is infinity as a Java float. */
const FLOAT_MAX = 3.4028234663852886e38;

const WHOLE = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function integerRange(bits: 8 | 16 | 32 | 64): [bigint, bigint] {
  const half = 1n << BigInt(bits - 1);
  return [-half, half - 1n];
}

/** The Java name of a scalar's kind, for messages: `int`, `java.lang.Long`. */
function named(spec: ScalarSpec): string {
  return spec.type;
}

function integerToJson(spec: Extract<ScalarSpec, { kind: "integer" }>, text: string): Converted<unknown> {
  const t = text.trim();
  if (!WHOLE.test(t)) return no(`${JSON.stringify(text)} is not a whole number (${named(spec)})`);
  const n = BigInt(t);
  const [min, max] = integerRange(spec.bits);
  if (n < min || n > max) return no(`${t} is out of range: ${named(spec)} holds ${min} to ${max}`);
  // Past 2^53−1 a JSON number loses digits, so such a long travels as its decimal string.
  return ok(n > MAX_EXACT || n < -MAX_EXACT ? n.toString() : Number(n));
}

function floatToJson(spec: Extract<ScalarSpec, { kind: "float" }>, text: string): Converted<unknown> {
  const t = text.trim();
  if (!DECIMAL.test(t)) return no(`${JSON.stringify(text)} is not a number (${named(spec)})`);
  const n = Number(t);
  if (!Number.isFinite(n) || (spec.bits === 32 && Math.abs(n) > FLOAT_MAX)) return no(`${t} is too large for a ${named(spec)}`);
  return ok(n);
}

/** The JSON value of a given scalar's `text`, or why it does not fit its type. */
export function scalarToJson(spec: ScalarSpec, text: string): Converted<unknown> {
  switch (spec.kind) {
    case "integer":
      return integerToJson(spec, text);
    case "float":
      return floatToJson(spec, text);
    case "boolean":
      return text === "true" ? ok(true) : text === "false" ? ok(false) : no(`${JSON.stringify(text)} is not true or false`);
    case "char":
      if (text.length === 1) return ok(text);
      return no(text.length === 2 && /^[\uD800-\uDBFF][\uDC00-\uDFFF]$/.test(text) ? `${text} is two UTF-16 units; a Java char holds one` : `a char is exactly one character, got ${text.length}`);
    case "string":
      return ok(text);
    case "temporal":
      // Checked by the server, which knows each type's grammar; here only that there is text.
      return text.trim() === "" ? no(`${spec.type} is sent as ISO-8601 text such as ${spec.example}`) : ok(text.trim());
    case "decimal":
      return DECIMAL.test(text.trim()) ? ok(text.trim()) : no(`${JSON.stringify(text)} is not a decimal number such as -12.50 or 1E+3`);
    case "bigint":
      return WHOLE.test(text.trim()) ? ok(BigInt(text.trim()).toString()) : no(`${JSON.stringify(text)} is not a whole number`);
    case "date": {
      const ms = parseDateText(text);
      return ms === null ? no(`${JSON.stringify(text)} is not a date and time (such as 2024-05-01T10:00:00.000, UTC)`) : ok(isoDate(ms));
    }
    case "enum":
      return spec.constants.includes(text) ? ok(text) : no(`${JSON.stringify(text)} is not a constant of ${spec.type}: ${spec.constants.join(", ")}`);
    case "bytes":
      return BASE64.test(text) ? ok(text) : no("not base64 (A–Z, a–z, 0–9, + and /, padded with = to a multiple of 4)");
  }
}

const typeName = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "an array" : typeof v === "object" ? "an object" : `a ${typeof v}`);

/**
 * The form text of a non-null JSON `value` for a scalar, or why the value's JSON type
 * cannot stand for it (an object for an int). A value of the right JSON type but not a
 * valid one (a long given as "abc") is kept as text: the field shows it with its error.
 */
export function scalarFromJson(spec: ScalarSpec, value: unknown): Converted<string> {
  const expected = (what: string) => no(`${spec.type} is sent as ${what}, got ${typeName(value)}`);
  switch (spec.kind) {
    case "integer":
    case "float":
    case "decimal":
    case "bigint":
      if (typeof value === "number") return ok(Number.isInteger(value) && Math.abs(value) >= 1e21 ? BigInt(value).toString() : String(value));
      return typeof value === "string" ? ok(value) : expected(spec.kind === "decimal" || spec.kind === "bigint" ? "a decimal string" : "a number");
    case "boolean":
      return typeof value === "boolean" ? ok(String(value)) : expected("true or false");
    case "date":
      if (typeof value === "number") return Number.isInteger(value) && Math.abs(value) <= 8.64e15 ? ok(dateInputText(value)) : no(`${value} is not a whole number of epoch milliseconds`);
      if (typeof value !== "string") return expected("an ISO-8601 text or epoch milliseconds");
      return ok(parseDateText(value) === null ? value : dateInputText(parseDateText(value)!));
    case "temporal":
      return typeof value === "string" ? ok(value) : expected(`ISO-8601 text such as ${spec.example}`);
    case "char":
    case "string":
    case "enum":
    case "bytes":
      return typeof value === "string" ? ok(value) : expected(spec.kind === "bytes" ? "base64 text" : spec.kind === "enum" ? "a constant name" : "a string");
  }
}
