import { describe, expect, it } from "vitest";
import { parseJavaType } from "@/lib/dubbo/java-type-ref";
import { InvalidArgumentsError } from "@/lib/errors";
import { fromJava } from "@/server/protocol/hessian/from-java";
import { JavaObject } from "@/server/protocol/hessian/java-values";
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
