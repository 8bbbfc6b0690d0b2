import { describe, expect, it } from "vitest";
import { floatAsWritten, javaDecimalString, readBigDecimal, Unfit } from "@/server/protocol/hessian/json-scalars";

describe("readBigDecimal", () => {
  // Expected: new BigDecimal(input).toString() in Java SE.
  it.each([
    ["1234.50", "1234.50"],
    ["+1.0", "1.0"],
    ["-0.00", "0.00"],
    [".5", "0.5"],
    ["5.", "5"],
    ["1E+3", "1E+3"],
    ["1e3", "1E+3"],
    ["12E-2", "0.12"],
    ["0.000001", "0.000001"],
    ["0.0000001", "1E-7"],
    ["-123.456e-10", "-1.23456E-8"],
    ["0E-10", "0E-10"],
    ["0E+3", "0E+3"],
    ["100E-2", "1.00"],
    ["123456789012345678901234567890.123456789012345678901234567890", "123456789012345678901234567890.123456789012345678901234567890"],
  ])("reads %s as Java prints it: %s", (input, printed) => {
    expect(readBigDecimal(input)).toBe(printed);
  });

  it.each(["", ".", "1.2.3", "1e", "0x10", "1,5", "e5"])("refuses %j", (input) => {
    expect(() => readBigDecimal(input)).toThrow(Unfit);
  });

  it("prints an unscaled value and scale as BigDecimal.toString does", () => {
    expect(javaDecimalString(-5n, 0)).toBe("-5");
    expect(javaDecimalString(5n, -2)).toBe("5E+2");
    expect(javaDecimalString(12345n, 3)).toBe("12.345");
  });
});

describe("floatAsWritten", () => {
  // Expected: Double.parseDouble(String.valueOf((float) v)), as BasicSerializer FLOAT writes a Float.
  it.each([
    [0.1, 0.1],
    [3.14159, 3.14159],
    [1 / 3, 0.33333334],
    [16777217, 16777216],
    [1e-45, 1.4e-45],
    [1.5e7, 1.5e7],
    [0.0001, 0.0001],
  ])("writes the float of %s as %s", (value, written) => {
    expect(floatAsWritten(value)).toBe(written);
  });
});
