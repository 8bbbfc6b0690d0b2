import { JavaObject } from "./java-values";
import { dateToJson, describeJson, readDate, Unfit } from "../json-scalars";
import { HANDLES, javaTimeText, localDateTime, localTime } from "./java-time";

/**
 * The java.time values with a zone or an amount, and java.util.Calendar, as hessian-lite
 * sends them (3.2 in Dubbo 2.7, 4.0 in 3.3, the same classes and fields): objects of its
 * handle classes, whose readResolve makes the value on the other side.
 *
 * | Java            | handle (fields)                                                 | JSON (its toString)                         |
 * |-----------------|-----------------------------------------------------------------|---------------------------------------------|
 * | ZonedDateTime   | ZonedDateTimeHandle (dateTime: LocalDateTime, offset, zoneId)   | `2024-05-01T08:30+08:00[Asia/Shanghai]`     |
 * | OffsetDateTime  | OffsetDateTimeHandle (dateTime, offset)                         | `2024-05-01T08:30:15.5+08:00`               |
 * | OffsetTime      | OffsetTimeHandle (localTime, zoneOffset)                        | `08:30:15+08:00`                            |
 * | Duration        | DurationHandle (seconds: long, nanos: int)                      | `PT1H30M`, `PT-0.5S`                        |
 * | Period          | PeriodHandle (years, months, days: int)                         | `P1Y2M3D`                                   |
 * | ZoneId          | ZoneIdHandle (zoneId: String)                                   | `Asia/Shanghai`, `+08:00`, `Z`              |
 * | ZoneOffset      | ZoneOffsetHandle (seconds: int)                                 | `+08:00`, `Z`                               |
 * | Calendar        | CalendarHandle (type: Class, date: Date)                        | as a Date: ISO-8601 UTC with milliseconds   |
 *
 * A ZonedDateTime's offset is required in the text: the provider resolves the zone with it
 * (ZonedDateTime.ofLocal), and the console keeps no time-zone rules of its own. A Calendar
 * travels as its class and instant only, Java to Java too: the provider's copy has the
 * provider's default zone, so the JSON is the instant.
 */

const ZONED_DATE_TIME = `${HANDLES}.ZonedDateTimeHandle`;
const OFFSET_DATE_TIME = `${HANDLES}.OffsetDateTimeHandle`;
const OFFSET_TIME = `${HANDLES}.OffsetTimeHandle`;
const DURATION = `${HANDLES}.DurationHandle`;
const PERIOD = `${HANDLES}.PeriodHandle`;
const ZONE_ID = `${HANDLES}.ZoneIdHandle`;
const ZONE_OFFSET = `${HANDLES}.ZoneOffsetHandle`;
const CALENDAR = "com.alibaba.com.caucho.hessian.io.CalendarHandle";
/** The Calendar class sent: what `Calendar.getInstance()` makes outside the Buddhist and Japanese locales. */
const GREGORIAN = "java.util.GregorianCalendar";

const OFFSET = /^(.*?)(Z|[+-]\d{2}:\d{2}(?::\d{2})?)$/i;
const ZONE_NAME = /^(?:[A-Za-z][A-Za-z0-9~/._+-]*|Z|[+-]\d{2}(?::?\d{2}(?::?\d{2})?)?)$/;
const DURATION_TEXT = /^([-+]?)P(?:([-+]?\d+)D)?(?:T(?:([-+]?\d+)H)?(?:([-+]?\d+)M)?(?:([-+]?\d+)(?:[.,](\d{0,9}))?S)?)?$/i;
const PERIOD_TEXT = /^([-+]?)P(?:([-+]?\d+)Y)?(?:([-+]?\d+)M)?(?:([-+]?\d+)W)?(?:([-+]?\d+)D)?$/i;
const INT_MAX = 2 ** 31 - 1;

/** The zoned and amount types read from JSON text; the value is the hessian-ready handle. */
export const JAVA_ZONED_READERS: ReadonlyMap<string, (json: unknown) => JavaObject> = new Map([
  ["java.time.ZonedDateTime", (json: unknown) => zonedDateTime(text(json, "2024-05-01T08:30:15+08:00[Asia/Shanghai]"))],
  ["java.time.OffsetDateTime", (json: unknown) => offsetDateTime(text(json, "2024-05-01T08:30:15+08:00"))],
  ["java.time.OffsetTime", (json: unknown) => offsetTime(text(json, "08:30:15+08:00"))],
  ["java.time.Duration", (json: unknown) => duration(text(json, "PT1H30M"))],
  ["java.time.Period", (json: unknown) => period(text(json, "P1Y2M3D"))],
  ["java.time.ZoneId", (json: unknown) => zoneId(text(json, "Asia/Shanghai"))],
  ["java.time.ZoneOffset", (json: unknown) => zoneOffset(text(json, "+08:00"))],
  ["java.util.Calendar", calendar],
  ["java.util.GregorianCalendar", calendar],
]);

function text(json: unknown, example: string): string {
  if (typeof json === "string") return json;
  throw new Unfit(`expected ISO-8601 text like "${example}", got ${describeJson(json)}`);
}

/** `+08:00`, `-05:30:15` or `Z` as ZoneOffset's seconds (±18:00 at most, as ZoneOffset.of allows). */
function offsetSeconds(s: string): number {
  if (s.toUpperCase() === "Z") return 0;
  const [h, m, sec] = s.slice(1).split(":").map(Number) as [number, number, number?];
  if (m > 59 || (sec ?? 0) > 59 || h * 3600 + m * 60 + (sec ?? 0) > 18 * 3600) throw new Unfit(`${JSON.stringify(s)} is not a zone offset (at most ±18:00)`);
  return (s.startsWith("-") ? -1 : 1) * (h * 3600 + m * 60 + (sec ?? 0));
}

function splitOffset(s: string, example: string): [string, number] {
  const m = OFFSET.exec(s);
  if (m === null) throw new Unfit(`expected a zone offset at the end, like "${example}", got ${JSON.stringify(s)}`);
  return [m[1]!, offsetSeconds(m[2]!)];
}

const offsetHandle = (seconds: number) => new JavaObject(ZONE_OFFSET, { seconds });

function zonedDateTime(s: string): JavaObject {
  const bracket = /^(.*)\[([^\]]+)\]$/.exec(s);
  const [rest, seconds] = splitOffset(bracket ? bracket[1]! : s, "2024-05-01T08:30:15+08:00[Asia/Shanghai]");
  const zone = bracket ? checkZoneName(bracket[2]!) : offsetText(seconds);
  return new JavaObject(ZONED_DATE_TIME, { dateTime: localDateTime(rest), offset: offsetHandle(seconds), zoneId: zone });
}

function offsetDateTime(s: string): JavaObject {
  const [rest, seconds] = splitOffset(s, "2024-05-01T08:30:15+08:00");
  return new JavaObject(OFFSET_DATE_TIME, { dateTime: localDateTime(rest), offset: offsetHandle(seconds) });
}

function offsetTime(s: string): JavaObject {
  const [rest, seconds] = splitOffset(s, "08:30:15+08:00");
  return new JavaObject(OFFSET_TIME, { localTime: localTime(rest), zoneOffset: offsetHandle(seconds) });
}

function checkZoneName(s: string): string {
  if (!ZONE_NAME.test(s)) throw new Unfit(`${JSON.stringify(s)} is not a zone id such as "Asia/Shanghai", "UTC" or "+08:00"`);
  return s;
}

function zoneId(s: string): JavaObject {
  return new JavaObject(ZONE_ID, { zoneId: checkZoneName(s) });
}

function zoneOffset(s: string): JavaObject {
  if (!/^(Z|[+-]\d{2}:\d{2}(:\d{2})?)$/i.test(s)) throw new Unfit(`expected a zone offset like "+08:00" or "Z", got ${JSON.stringify(s)}`);
  return offsetHandle(offsetSeconds(s));
}

const big = (digits: string | undefined) => BigInt(digits ?? "0");

/** Duration.parse: days, hours, minutes and seconds, each signed, the whole negated by a leading `-`. */
function duration(s: string): JavaObject {
  const m = DURATION_TEXT.exec(s);
  if (m === null || s.toUpperCase().endsWith("T") || (m[2] ?? m[3] ?? m[4] ?? m[5]) === undefined) {
    throw new Unfit(`expected an ISO-8601 duration like "PT1H30M" or "P2DT3.5S", got ${JSON.stringify(s)}`);
  }
  const secSign = m[5]?.startsWith("-") ? -1n : 1n;
  const fraction = BigInt((m[6] ?? "").padEnd(9, "0") || "0") * secSign;
  let nanos = (big(m[2]) * 86_400n + big(m[3]) * 3600n + big(m[4]) * 60n + big(m[5])) * 1_000_000_000n + fraction;
  if (m[1] === "-") nanos = -nanos;
  const second = 1_000_000_000n;
  const seconds = nanos >= 0n ? nanos / second : -((-nanos + second - 1n) / second);
  if (seconds > 2n ** 63n - 1n || seconds < -(2n ** 63n)) throw new Unfit(`${JSON.stringify(s)} is too long for a Duration`);
  return new JavaObject(DURATION, { seconds, nanos: Number(nanos - seconds * second) });
}

/** Period.parse: years, months, weeks (as 7 days) and days, each signed, the whole negated by a leading `-`. */
function period(s: string): JavaObject {
  const m = PERIOD_TEXT.exec(s);
  if (m === null || (m[2] ?? m[3] ?? m[4] ?? m[5]) === undefined) throw new Unfit(`expected an ISO-8601 period like "P1Y2M3D" or "P2W", got ${JSON.stringify(s)}`);
  const sign = m[1] === "-" ? -1 : 1;
  const [years, months, days] = [Number(m[2] ?? 0), Number(m[3] ?? 0), Number(m[4] ?? 0) * 7 + Number(m[5] ?? 0)].map((n) => sign * n) as [number, number, number];
  if ([years, months, days].some((n) => Math.abs(n) > INT_MAX)) throw new Unfit(`${JSON.stringify(s)} does not fit a Period's int fields`);
  return new JavaObject(PERIOD, { years, months, days });
}

function calendar(json: unknown): JavaObject {
  return new JavaObject(CALENDAR, { type: new JavaObject("java.lang.Class", { name: GREGORIAN }), date: readDate(json) });
}

const pad = (n: number) => String(n).padStart(2, "0");
const num = (v: unknown) => (typeof v === "number" ? v : typeof v === "bigint" ? Number(v) : 0);

/** ZoneOffset.getId: `Z`, `+08:00`, `-05:30:15`. */
function offsetText(seconds: number): string {
  if (seconds === 0) return "Z";
  const a = Math.abs(seconds);
  const [h, m, s] = [Math.floor(a / 3600), Math.floor(a / 60) % 60, a % 60];
  return `${seconds < 0 ? "-" : "+"}${pad(h)}:${pad(m)}${s === 0 ? "" : `:${pad(s)}`}`;
}

function offsetOf(v: unknown): string | undefined {
  return v instanceof JavaObject && v.className === ZONE_OFFSET ? offsetText(num(v.fields.seconds)) : undefined;
}

function local(v: unknown): string | undefined {
  return v instanceof JavaObject ? javaTimeText(v) : undefined;
}

/** Duration.toString: `PT8H6M12.345S`, `PT0S`, `PT-0.5S` (seconds floored, nanos added). */
export function durationText(seconds: bigint, nanos: number): string {
  if (seconds === 0n && nanos === 0) return "PT0S";
  const total = seconds < 0n && nanos > 0 ? seconds + 1n : seconds;
  const [hours, minutes, secs] = [total / 3600n, (total % 3600n) / 60n, total % 60n];
  let out = `PT${hours !== 0n ? `${hours}H` : ""}${minutes !== 0n ? `${minutes}M` : ""}`;
  if (secs === 0n && nanos === 0 && out.length > 2) return out;
  out += seconds < 0n && nanos > 0 && secs === 0n ? "-0" : String(secs);
  if (nanos > 0) {
    const digits = String(seconds < 0n ? 2_000_000_000 - nanos : nanos + 1_000_000_000).slice(1).replace(/0+$/, "");
    out += `.${digits}`;
  }
  return `${out}S`;
}

/** Period.toString: `P1Y2M3D`, `P0D`. */
function periodText(years: number, months: number, days: number): string {
  if (years === 0 && months === 0 && days === 0) return "P0D";
  return `P${years !== 0 ? `${years}Y` : ""}${months !== 0 ? `${months}M` : ""}${days !== 0 ? `${days}D` : ""}`;
}

/** The JSON text of a decoded zoned, amount or Calendar handle, or undefined when `o` is not one. */
export function javaZonedText(o: JavaObject): string | undefined {
  const f = o.fields;
  switch (o.className) {
    case ZONED_DATE_TIME: {
      const [at, offset] = [local(f.dateTime), offsetOf(f.offset)];
      if (at === undefined || offset === undefined || typeof f.zoneId !== "string") return undefined;
      return `${at}${offset}${f.zoneId === offset ? "" : `[${f.zoneId}]`}`;
    }
    case OFFSET_DATE_TIME:
    case OFFSET_TIME: {
      const [at, offset] = o.className === OFFSET_TIME ? [local(f.localTime), offsetOf(f.zoneOffset)] : [local(f.dateTime), offsetOf(f.offset)];
      return at === undefined || offset === undefined ? undefined : `${at}${offset}`;
    }
    case DURATION:
      return durationText(typeof f.seconds === "bigint" ? f.seconds : BigInt(num(f.seconds)), num(f.nanos));
    case PERIOD:
      return periodText(num(f.years), num(f.months), num(f.days));
    case ZONE_ID:
      return typeof f.zoneId === "string" ? f.zoneId : undefined;
    case ZONE_OFFSET:
      return offsetText(num(f.seconds));
    case CALENDAR:
      return f.date instanceof Date && !Number.isNaN(f.date.getTime()) ? dateToJson(f.date) : undefined;
    default:
      return undefined;
  }
}
