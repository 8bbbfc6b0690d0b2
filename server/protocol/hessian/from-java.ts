import { binaryClassName } from "@/lib/dubbo/java-type-ref";
import { javaExceptionOf, isThrowable } from "./java/java-exception";
import { javaTimeText } from "./java/java-time";
import { javaZonedText } from "./java/java-time-zoned";
import { JavaDouble, JavaList, JavaMap, JavaObject } from "./java/java-values";
import { bigIntegerOf, dateToJson, doubleToJson } from "./json-scalars";
import type { TypeCatalog } from "./type-catalog";

/** How to read a decoded value. */
export interface FromJavaOptions {
  /** Tells enums from POJOs whose only field is `name` (without it, such an object is read as an enum). */
  readonly types?: TypeCatalog;
  /**
   * The value is a generic call's result, which GenericFilter made with PojoUtils.generalize:
   * POJOs arrive as maps with a `"class"` entry. That entry is dropped, so the JSON is the
   * same as a typed call's.
   */
  readonly generic?: boolean;
}

/**
 * A decoded hessian value (hessian-reader.ts) → JSON by issue 8 §4's conventions: long as
 * a number when |v| ≤ 2^53−1, else a decimal string; BigDecimal and BigInteger as exact
 * decimal strings (BigDecimal as Java's toString prints it, `1E+3` included); Date as
 * ISO-8601 UTC with milliseconds; enum as its constant name; byte[] as base64; char as a
 * one-character string; POJOs as objects of their fields; maps as objects (keys as text:
 * numbers and enums by value, other keys as their JSON); collections and arrays as lists;
 * NaN and infinities as "NaN", "Infinity", "-Infinity"; Java exceptions as
 * `{ class, message, stackTrace }` (java-exception.ts); java.util.UUID and Locale as text;
 * java.time's LocalDate, LocalTime, LocalDateTime and Instant as ISO-8601 (java-time.ts);
 * ZonedDateTime, OffsetDateTime, OffsetTime, Duration, Period, ZoneId, ZoneOffset as their
 * toString, Calendar as a Date (java-time-zoned.ts).
 * A value reached again inside itself (a cycle through back references) becomes
 * `"(cycle: <class>)"`.
 */
export function fromJava(value: unknown, options: FromJavaOptions = {}): unknown {
  // The answers that need no reader (an echo's string), without making one.
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (value === null || value === undefined) return null;
  return new Reader(options).json(value);
}

/** Classes hessian-lite writes as one `value` field holding their text (StringValueSerializer, LocaleSerializer). */
const TEXT_VALUED = new Set(["java.math.BigDecimal", "java.util.UUID", "java.io.File", "javax.management.ObjectName", "com.alibaba.com.caucho.hessian.io.LocaleHandle"]);

class Reader {
  private readonly open = new Set<unknown>();

  constructor(private readonly options: FromJavaOptions) {}

  json(value: unknown): unknown {
    if (value === null || value === undefined) return null;
    switch (typeof value) {
      case "string":
      case "boolean":
        return value;
      case "number":
        return doubleToJson(value);
      case "bigint":
        return value.toString();
      case "object":
        break;
      default:
        return String(value);
    }
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : dateToJson(value);
    if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("base64");
    if (value instanceof JavaDouble) return doubleToJson(value.value);
    if (this.open.has(value)) return `(cycle: ${value instanceof JavaObject ? value.className : Array.isArray(value) ? "list" : "map"})`;
    this.open.add(value);
    try {
      if (Array.isArray(value)) return value.map((v) => this.json(v));
      if (value instanceof JavaList) return value.items.map((v) => this.json(v));
      if (value instanceof Map) return this.map([...value]);
      if (value instanceof JavaMap) return this.map(value.entries);
      if (value instanceof JavaObject) return this.object(value);
      return this.map(Object.entries(value));
    } finally {
      this.open.delete(value);
    }
  }

  private map(entries: readonly (readonly [unknown, unknown])[]): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const dropClass = this.options.generic === true && entries.some(([k, v]) => k === "class" && typeof v === "string");
    for (const [k, v] of entries) {
      if (dropClass && k === "class") continue;
      setOwn(out, this.key(k), this.json(v));
    }
    return out;
  }

  private key(key: unknown): string {
    const json = this.json(key);
    return typeof json === "string" ? json : JSON.stringify(json);
  }

  private object(o: JavaObject): unknown {
    const f = o.fields;
    if (TEXT_VALUED.has(o.className) && typeof f.value === "string") return f.value;
    if (o.className === "java.math.BigInteger" && typeof f.signum === "number" && Array.isArray(f.mag)) return bigIntegerOf(f.signum, f.mag).toString();
    if (isThrowable(o)) return javaExceptionOf(o, (v) => this.json(v));
    const time = javaTimeText(o) ?? javaZonedText(o);
    if (time !== undefined) return time;
    const names = Object.keys(f);
    if (names.length === 1 && names[0] === "name" && typeof f.name === "string" && this.mayBeEnum(o.className)) return f.name;
    const out: Record<string, unknown> = {};
    for (const name of names) setOwn(out, name, this.json(f[name]));
    return out;
  }

  /** An object of one String field `name` is an enum (EnumSerializer; java.lang.Class too) unless the catalog knows the class as a POJO. */
  private mayBeEnum(className: string): boolean {
    const info = this.options.types?.lookup(binaryClassName(className));
    return info === undefined || info.enumConstants.length > 0;
  }
}

/** Sets a property even when its name is `__proto__`. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
