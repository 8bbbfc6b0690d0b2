import { describe, expect, it } from "vitest";
import { parseJavaType } from "@/lib/dubbo/java-type-ref";
import { InvalidArgumentsError } from "@/server/errors/invoke-errors";
import { fromJava } from "@/server/protocol/hessian/from-java";
import { JavaObject } from "@/server/protocol/hessian/java/java-values";
import { toJava } from "@/server/protocol/hessian/to-java";
import { EMPTY_TYPE_CATALOG } from "@/server/protocol/hessian/type-catalog";

const H = "com.alibaba.com.caucho.hessian.io.java8";

function java(type: string, json: unknown): unknown {
  const parsed = parseJavaType(type);
  if (!parsed.ok) throw new Error(parsed.reason);
  return toJava(parsed.type, json, EMPTY_TYPE_CATALOG, "args[0]");
}

describe("java.time values", () => {
  it("sends LocalDate, LocalTime, LocalDateTime and Instant as hessian-lite's handles", () => {
    expect(java("java.time.LocalDate", "2024-02-29")).toEqual(new JavaObject(`${H}.LocalDateHandle`, { year: 2024, month: 2, day: 29 }));
    expect(java("java.time.LocalTime", "08:30:15.5")).toEqual(new JavaObject(`${H}.LocalTimeHandle`, { hour: 8, minute: 30, second: 15, nano: 500000000 }));
    expect(java("java.time.LocalDateTime", "2024-05-01T08:30")).toEqual(
      new JavaObject(`${H}.LocalDateTimeHandle`, {
        date: new JavaObject(`${H}.LocalDateHandle`, { year: 2024, month: 5, day: 1 }),
        time: new JavaObject(`${H}.LocalTimeHandle`, { hour: 8, minute: 30, second: 0, nano: 0 }),
      }),
    );
    expect(java("java.time.Instant", "1969-12-31T23:59:59.999999999Z")).toEqual(new JavaObject(`${H}.InstantHandle`, { seconds: -1n, nanos: 999999999 }));
    expect(java("java.time.Instant", "2024-05-01T08:30:00+08:00")).toEqual(new JavaObject(`${H}.InstantHandle`, { seconds: 1714523400n, nanos: 0 }));
  });

  it.each([
    ["java.time.LocalDate", "2023-02-29"],
    ["java.time.LocalDate", "2024-13-01"],
    ["java.time.LocalTime", "24:00"],
    ["java.time.LocalDateTime", "2024-05-01"],
    ["java.time.Instant", "2024-05-01T08:30:00"],
    ["java.time.LocalDate", 20240501],
  ])("refuses %s %j", (type, json) => {
    expect(() => java(type, json)).toThrow(InvalidArgumentsError);
  });

  it("prints them as Java's toString does", () => {
    const time = (hour: number, minute: number, second: number, nano: number) => new JavaObject(`${H}.LocalTimeHandle`, { hour, minute, second, nano });
    expect(fromJava([time(8, 30, 0, 0), time(8, 30, 5, 0), time(8, 30, 5, 120000000), time(8, 30, 5, 1000), time(8, 30, 5, 1)])).toEqual([
      "08:30",
      "08:30:05",
      "08:30:05.120",
      "08:30:05.000001",
      "08:30:05.000000001",
    ]);
    const date = (year: number) => new JavaObject(`${H}.LocalDateHandle`, { year, month: 1, day: 2 });
    expect(fromJava([date(2024), date(12), date(-5), date(12345)])).toEqual(["2024-01-02", "0012-01-02", "-0005-01-02", "+12345-01-02"]);
    expect(fromJava(new JavaObject(`${H}.InstantHandle`, { seconds: 1714523400n, nanos: 0 }))).toBe("2024-05-01T00:30:00Z");
    expect(fromJava(new JavaObject(`${H}.InstantHandle`, { seconds: -1, nanos: 500000000 }))).toBe("1969-12-31T23:59:59.500Z");
  });
});

describe("java.time values with a zone or an amount, and Calendar (issue 15, item 16)", () => {
  const back = (type: string, json: unknown) => fromJava(java(type, json) as JavaObject);

  it("sends ZonedDateTime, OffsetDateTime and OffsetTime as handles holding a LocalDateTime or LocalTime and a ZoneOffset", () => {
    const zoned = java("java.time.ZonedDateTime", "2024-05-01T08:30+08:00[Asia/Shanghai]") as JavaObject;
    expect(zoned.className).toBe(`${H}.ZonedDateTimeHandle`);
    expect(zoned.fields.offset).toEqual(new JavaObject(`${H}.ZoneOffsetHandle`, { seconds: 28800 }));
    expect(zoned.fields.zoneId).toBe("Asia/Shanghai");
    expect(java("java.time.OffsetTime", "08:30-05:30:15")).toMatchObject({ className: `${H}.OffsetTimeHandle`, fields: { zoneOffset: { fields: { seconds: -(5 * 3600 + 30 * 60 + 15) } } } });
  });

  it("reads them back as Java's toString prints them", () => {
    expect(back("java.time.ZonedDateTime", "2024-05-01T08:30:00+08:00[Asia/Shanghai]")).toBe("2024-05-01T08:30+08:00[Asia/Shanghai]");
    expect(back("java.time.ZonedDateTime", "2024-05-01T08:30:01z")).toBe("2024-05-01T08:30:01Z");
    expect(back("java.time.OffsetDateTime", "2024-05-01T08:30:00.1+00:00")).toBe("2024-05-01T08:30:00.100Z");
    expect(back("java.time.ZoneId", "UTC")).toBe("UTC");
    expect(back("java.time.ZoneOffset", "-05:30")).toBe("-05:30");
    expect(back("java.util.Calendar", "2024-05-01T08:30:00+08:00")).toBe("2024-05-01T00:30:00.000Z");
  });

  it("reads Duration and Period as Duration.parse and Period.parse do, and prints them as their toString", () => {
    const cases: [string, string, bigint, number][] = [
      ["PT0S", "PT0S", 0n, 0],
      ["PT1H30M", "PT1H30M", 5400n, 0],
      ["P2DT3H4M5.5S", "PT51H4M5.5S", 183_845n, 500_000_000],
      ["-PT0.5S", "PT-0.5S", -1n, 500_000_000],
      ["PT-1.000000001S", "PT-1.000000001S", -2n, 999_999_999],
      ["-PT6H3M", "PT-6H-3M", -21_780n, 0],
      ["pt10s", "PT10S", 10n, 0],
    ];
    for (const [text, printed, seconds, nanos] of cases) {
      expect(java("java.time.Duration", text), text).toEqual(new JavaObject(`${H}.DurationHandle`, { seconds, nanos }));
      expect(back("java.time.Duration", text), text).toBe(printed);
    }
    expect(java("java.time.Period", "P1Y2M3W4D")).toEqual(new JavaObject(`${H}.PeriodHandle`, { years: 1, months: 2, days: 25 }));
    expect(back("java.time.Period", "-P1Y2M")).toBe("P-1Y-2M");
    expect(back("java.time.Period", "P0D")).toBe("P0D");
  });

  it("refuses text that is not one, saying what it expects", () => {
    expect(() => java("java.time.Duration", "PT")).toThrow(/expected an ISO-8601 duration like "PT1H30M"/);
    expect(() => java("java.time.Period", "P")).toThrow(/expected an ISO-8601 period like "P1Y2M3D"/);
    expect(() => java("java.time.OffsetDateTime", "2024-05-01T08:30")).toThrow(/expected a zone offset at the end, like "2024-05-01T08:30:15\+08:00"/);
    expect(() => java("java.time.ZonedDateTime", "2024-05-01T08:30+19:00")).toThrow(/is not a zone offset \(at most ±18:00\)/);
    expect(() => java("java.time.ZoneId", "Asia Shanghai")).toThrow(/is not a zone id/);
    expect(() => java("java.time.Duration", 90)).toThrow(InvalidArgumentsError);
  });
});
