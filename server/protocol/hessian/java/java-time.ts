import { JavaObject } from "./java-values";
import { describeJson, Unfit } from "../json-scalars";

/**
 * java.time values as hessian-lite sends them (its java8 serializers, 3.2 and 4.x alike,
 * outside the opt-in "compact mode"): an object of a handle class whose readResolve makes
 * the value. In JSON they are their ISO-8601 text, as Java's toString prints them:
 * LocalDate `2024-05-01`, LocalTime `08:30` / `08:30:15.5`, LocalDateTime
 * `2024-05-01T08:30:15`, Instant `2024-05-01T00:30:15.123Z`.
 */

/** The package of hessian-lite's java.time handles (3.2 and 4.x alike). */
export const HANDLES = "com.alibaba.com.caucho.hessian.io.java8";
const LOCAL_DATE = `${HANDLES}.LocalDateHandle`;
const LOCAL_TIME = `${HANDLES}.LocalTimeHandle`;
const LOCAL_DATE_TIME = `${HANDLES}.LocalDateTimeHandle`;
const INSTANT = `${HANDLES}.InstantHandle`;

const DATE = /^([+-]?\d{4,9})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;
const ZONE = /^(.*?)(Z|[+-]\d{2}:\d{2})$/;

/** The java.time classes read from JSON text; the value is the hessian-ready handle. */
export const JAVA_TIME_READERS: ReadonlyMap<string, (json: unknown) => JavaObject> = new Map([
  ["java.time.LocalDate", (json: unknown) => localDate(text(json, "2024-05-01"))],
  ["java.time.LocalTime", (json: unknown) => localTime(text(json, "08:30:15.5"))],
  ["java.time.LocalDateTime", (json: unknown) => localDateTime(text(json, "2024-05-01T08:30:15"))],
  ["java.time.Instant", (json: unknown) => instant(text(json, "2024-05-01T00:30:15.123Z"))],
]);

function text(json: unknown, example: string): string {
  if (typeof json === "string") return json;
  throw new Unfit(`expected ISO-8601 text like "${example}", got ${describeJson(json)}`);
}

function fields(entries: [string, number | bigint | JavaObject][]): JavaObject["fields"] {
  return Object.fromEntries(entries);
}

function dateParts(s: string): [number, number, number] {
  const m = DATE.exec(s);
  if (m === null) throw new Unfit(`expected a date like "2024-05-01", got ${JSON.stringify(s)}`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(0);
  check.setUTCFullYear(year, month - 1, day);
  if (month < 1 || month > 12 || check.getUTCDate() !== day) throw new Unfit(`${JSON.stringify(s)} is not a date`);
  return [year, month, day];
}

function timeParts(s: string): [number, number, number, number] {
  const m = TIME.exec(s);
  if (m === null) throw new Unfit(`expected a time like "08:30:15.5", got ${JSON.stringify(s)}`);
  const [hour, minute, second] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) throw new Unfit(`${JSON.stringify(s)} is not a time of day`);
  return [hour, minute, second, Number((m[4] ?? "").padEnd(9, "0"))];
}

function localDate(s: string): JavaObject {
  const [year, month, day] = dateParts(s);
  return new JavaObject(LOCAL_DATE, fields([["year", year], ["month", month], ["day", day]]));
}

/** A LocalTimeHandle from `08:30`, `08:30:15.5`; throws Unfit for other text. */
export function localTime(s: string): JavaObject {
  const [hour, minute, second, nano] = timeParts(s);
  return new JavaObject(LOCAL_TIME, fields([["hour", hour], ["minute", minute], ["second", second], ["nano", nano]]));
}

/** A LocalDateTimeHandle from `2024-05-01T08:30:15`; throws Unfit for other text. */
export function localDateTime(s: string): JavaObject {
  const t = s.indexOf("T");
  if (t < 0) throw new Unfit(`expected a date and time like "2024-05-01T08:30:15", got ${JSON.stringify(s)}`);
  return new JavaObject(LOCAL_DATE_TIME, fields([["date", localDate(s.slice(0, t))], ["time", localTime(s.slice(t + 1))]]));
}

function instant(s: string): JavaObject {
  const zoned = ZONE.exec(s);
  const t = zoned === null ? -1 : zoned[1]!.indexOf("T");
  if (zoned === null || t < 0) throw new Unfit(`expected an instant with a zone like "2024-05-01T00:30:15.123Z", got ${JSON.stringify(s)}`);
  const [year, month, day] = dateParts(zoned[1]!.slice(0, t));
  const [hour, minute, second, nano] = timeParts(zoned[1]!.slice(t + 1));
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  at.setUTCHours(hour, minute, second, 0);
  const zone = zoned[2]!;
  const offset = zone === "Z" ? 0 : (zone.startsWith("-") ? -1 : 1) * (Number(zone.slice(1, 3)) * 3600 + Number(zone.slice(4, 6)) * 60);
  const seconds = BigInt(Math.floor(at.getTime() / 1000)) - BigInt(offset);
  return new JavaObject(INSTANT, fields([["seconds", seconds], ["nanos", nano]]));
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** LocalTime.toString's fraction: none, or 3, 6 or 9 digits. */
function fraction(nano: number): string {
  if (nano === 0) return "";
  if (nano % 1_000_000 === 0) return `.${pad(nano / 1_000_000, 3)}`;
  if (nano % 1000 === 0) return `.${pad(nano / 1000, 6)}`;
  return `.${pad(nano, 9)}`;
}

/** LocalDate.toString: 4 digits at least, a sign past 9999 or before year 0. */
function dateText(year: number, month: number, day: number): string {
  const y = Math.abs(year) < 1000 ? `${year < 0 ? "-" : ""}${pad(Math.abs(year), 4)}` : year > 9999 ? `+${year}` : String(year);
  return `${y}-${pad(month, 2)}-${pad(day, 2)}`;
}

function num(v: unknown): number {
  return typeof v === "number" ? v : typeof v === "bigint" ? Number(v) : 0;
}

/** The ISO text of a decoded java.time handle, or undefined when `o` is not one. */
export function javaTimeText(o: JavaObject): string | undefined {
  const f = o.fields;
  switch (o.className) {
    case LOCAL_DATE:
      return dateText(num(f.year), num(f.month), num(f.day));
    case LOCAL_TIME: {
      const [h, m, s, n] = [num(f.hour), num(f.minute), num(f.second), num(f.nano)];
      return `${pad(h, 2)}:${pad(m, 2)}${s === 0 && n === 0 ? "" : `:${pad(s, 2)}${fraction(n)}`}`;
    }
    case LOCAL_DATE_TIME: {
      const date = f.date instanceof JavaObject ? javaTimeText(f.date) : undefined;
      const time = f.time instanceof JavaObject ? javaTimeText(f.time) : undefined;
      return date === undefined || time === undefined ? undefined : `${date}T${time}`;
    }
    case INSTANT: {
      const at = new Date(num(f.seconds) * 1000);
      if (Number.isNaN(at.getTime())) return undefined;
      const iso = at.toISOString().replace(/\.000Z$/, "Z");
      return iso.replace(/Z$/, `${fraction(num(f.nanos))}Z`);
    }
    default:
      return undefined;
  }
}
