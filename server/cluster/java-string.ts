import { erasedTypeName } from "@/lib/dubbo/java-type-ref";

/**
 * `String.valueOf(arg)` of a call argument, as the Java consumer would see it: the text a
 * condition route's `arguments[N]` compares and consistenthash's key hashes. The argument
 * is a JSON value of the invoke API and its Java type a name (`long`, `java.lang.Double`,
 * `com.x.Color`); the text is what that value's Java object prints.
 *
 * `exact` is false where Java's text cannot be known here: a POJO's or array's own
 * toString (`Class@hash` unless overridden), a Date (printed in the JVM's time zone), a
 * HashMap or HashSet (printed in hash order), a number of unknown type. The JSON text
 * stands in then: stable across calls, but not what Java prints.
 */

/** A Java value's text, and whether it is exactly Java's. */
export interface JavaText {
  readonly text: string;
  readonly exact: boolean;
}

const INTEGRAL = new Set(["int", "long", "short", "byte", "java.lang.Integer", "java.lang.Long", "java.lang.Short", "java.lang.Byte", "java.math.BigInteger"]);
const DOUBLE = new Set(["double", "java.lang.Double"]);
const FLOAT = new Set(["float", "java.lang.Float"]);
const TEXT = new Set(["java.lang.String", "char", "java.lang.Character", "java.lang.CharSequence", "boolean", "java.lang.Boolean"]);
const LISTS = new Set(["java.util.List", "java.util.ArrayList", "java.util.LinkedList", "java.util.Collection", "java.lang.Iterable"]);
/** Types whose text Java prints its own way: in the JVM's time zone, in hash order, as `[I@1b6d3586`. */
const OWN_WAY = new Set(["java.util.Date", "java.sql.Date", "java.sql.Timestamp", "java.util.Calendar", "java.util.Map", "java.util.HashMap", "java.util.Set", "java.util.HashSet"]);

/** `String.valueOf(value)` for Java type `type` (undefined when unknown); null for a null argument. */
export function javaStringOf(value: unknown, type: string | undefined): JavaText | null {
  if (value === null || value === undefined) return null;
  // The erased name (lib/dubbo/java-type-ref.ts): `java.util.List<java.lang.Long>` prints as a List, `Long` as java.lang.Long, `[I` as int[].
  const known = type === undefined ? undefined : typed(value, erasedTypeName(type));
  return known ?? inferred(value);
}

function typed(value: unknown, type: string): JavaText | undefined {
  if (OWN_WAY.has(type) || type.endsWith("[]")) return { text: JSON.stringify(value) ?? String(value), exact: false };
  if (INTEGRAL.has(type) && (typeof value === "number" || typeof value === "string")) return integral(value);
  if (DOUBLE.has(type) && typeof value === "number") return { text: javaDoubleString(value), exact: true };
  if (FLOAT.has(type) && typeof value === "number") return { text: javaFloatString(value), exact: true };
  if (type === "java.math.BigDecimal" && (typeof value === "number" || typeof value === "string")) return bigDecimal(String(value));
  if (TEXT.has(type) && (typeof value === "string" || typeof value === "boolean")) return { text: String(value), exact: true };
  if (LISTS.has(type) && Array.isArray(value)) return list(value);
  // A string for any other class is an enum constant: Enum.toString() is its name.
  if (typeof value === "string" && !type.endsWith("[]") && !type.startsWith("java.")) return { text: value, exact: true };
  return undefined;
}

/** A value of unknown type: strings and booleans print as themselves, lists element by element, the rest as JSON (inexact). */
function inferred(value: unknown): JavaText {
  if (typeof value === "string" || typeof value === "boolean") return { text: String(value), exact: true };
  if (Array.isArray(value)) return { ...list(value), exact: false };
  return { text: JSON.stringify(value) ?? String(value), exact: false };
}

/** `AbstractCollection.toString()`: `[a, b]`, a null element as "null". */
function list(values: readonly unknown[]): JavaText {
  const parts = values.map((v) => javaStringOf(v, undefined));
  return { text: `[${parts.map((p) => p?.text ?? "null").join(", ")}]`, exact: parts.every((p) => p === null || p.exact) };
}

function integral(value: number | string): JavaText | undefined {
  try {
    return { text: BigInt(value).toString(), exact: true };
  } catch {
    return undefined;
  }
}

/**
 * `Double.toString(d)` (JDK 19+, whose digits are the shortest that read back as `d`, as
 * JavaScript's): plain between 10^-3 and 10^7 with at least one decimal (`100.0`), else
 * `d.dddE±n` (`1.0E7`, `1.5E-4`).
 */
export function javaDoubleString(d: number): string {
  if (Number.isNaN(d)) return "NaN";
  if (!Number.isFinite(d)) return d > 0 ? "Infinity" : "-Infinity";
  if (d === 0) return Object.is(d, -0) ? "-0.0" : "0.0";
  const abs = Math.abs(d);
  if (abs >= 1e-3 && abs < 1e7) {
    const s = String(d);
    return s.includes(".") ? s : `${s}.0`;
  }
  const [mantissa, exponent] = d.toExponential().split("e") as [string, string];
  return `${mantissa.includes(".") ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}

/** `Float.toString(f)`: the shortest digits that read back as the same float, printed as a double is. */
export function javaFloatString(value: number): string {
  const f = Math.fround(value);
  if (!Number.isFinite(f) || f === 0) return javaDoubleString(f);
  for (let p = 1; p <= 9; p++) {
    const short = Number(f.toPrecision(p));
    if (Math.fround(short) === f) return javaDoubleString(short);
  }
  return javaDoubleString(f);
}

/** `new BigDecimal(text).toString()`: plain unless the scale is negative or the adjusted exponent below -6. */
function bigDecimal(text: string): JavaText | undefined {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (m === null || (m[2] === "" && (m[3] ?? "") === "")) return undefined;
  const [, sign, whole = "", fraction = "", exponent = "0"] = m;
  const scale = fraction.length - Number(exponent);
  const coefficient = (whole + fraction).replace(/^0+(?=\d)/, "");
  const negative = sign === "-" && /[1-9]/.test(coefficient);
  const adjusted = -scale + (coefficient.length - 1);
  let body: string;
  if (scale >= 0 && adjusted >= -6) {
    if (scale === 0) body = coefficient;
    else if (coefficient.length > scale) body = `${coefficient.slice(0, -scale)}.${coefficient.slice(-scale)}`;
    else body = `0.${"0".repeat(scale - coefficient.length)}${coefficient}`;
  } else {
    const rest = coefficient.length > 1 ? `.${coefficient.slice(1)}` : "";
    body = `${coefficient[0]}${rest}E${adjusted >= 0 ? "+" : ""}${adjusted}`;
  }
  return { text: `${negative ? "-" : ""}${body}`, exact: true };
}
