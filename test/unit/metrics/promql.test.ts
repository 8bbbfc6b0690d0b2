import { describe, expect, it } from "vitest";
import { matchers, metricsQueries, promString, RATE_WINDOW } from "@/lib/metrics/promql";

describe("promString", () => {
  it("double-quotes a plain value", () => {
    expect(promString("io.x.Api")).toBe('"io.x.Api"');
    expect(promString("")).toBe('""');
  });

  it("escapes a backslash, a double quote and a line break", () => {
    expect(promString('a"b')).toBe('"a\\"b"');
    expect(promString("a\\b")).toBe('"a\\\\b"');
    expect(promString("a\nb")).toBe('"a\\nb"');
    // the backslash of an escaped quote is not escaped again
    expect(promString('\\"\n')).toBe('"\\\\\\"\\n"');
  });
});

describe("matchers", () => {
  it("always names interface, group and version, method only when given", () => {
    expect(matchers({ interface: "io.x.Api", group: "", version: "" })).toBe('interface="io.x.Api",group="",version=""');
    expect(matchers({ interface: "io.x.Api", group: "g", version: "1.0", method: "say" })).toBe('interface="io.x.Api",group="g",version="1.0",method="say"');
  });

  it("escapes what it quotes", () => {
    expect(matchers({ interface: 'x"}', group: "a\\b", version: "1\n" })).toBe('interface="x\\"}",group="a\\\\b",version="1\\n"');
  });
});

describe("metricsQueries", () => {
  const M = 'interface="io.x.Api",group="",version="1.0.0"';

  it("asks the five series per instance", () => {
    expect(metricsQueries({ interface: "io.x.Api", group: "", version: "1.0.0" }, "1m")).toEqual({
      callsPerSecond: `sum by (instance) (rate(dubbo_provider_requests_total{${M}}[1m]))`,
      failedPerSecond: `sum by (instance) (rate(dubbo_provider_requests_failed_total{${M}}[1m]))`,
      businessFailedPerSecond: `sum by (instance) (rate(dubbo_provider_requests_business_failed_total{${M}}[1m]))`,
      p50Ms: `histogram_quantile(0.5, sum by (instance, le) (rate(dubbo_provider_rt_milliseconds_histogram_seconds_bucket{${M}}[1m]))) * 1000`,
      p99Ms: `histogram_quantile(0.99, sum by (instance, le) (rate(dubbo_provider_rt_milliseconds_histogram_seconds_bucket{${M}}[1m]))) * 1000`,
    });
  });

  it("narrows every query to the method and uses the window given", () => {
    const q = metricsQueries({ interface: "io.x.Api", group: "g", version: "", method: "say" }, "30s");
    expect(q.callsPerSecond).toBe('sum by (instance) (rate(dubbo_provider_requests_total{interface="io.x.Api",group="g",version="",method="say"}[30s]))');
    expect(q.p99Ms).toBe('histogram_quantile(0.99, sum by (instance, le) (rate(dubbo_provider_rt_milliseconds_histogram_seconds_bucket{interface="io.x.Api",group="g",version="",method="say"}[30s]))) * 1000');
  });

  it("throws on a window PromQL would not take", () => {
    const selector = { interface: "io.x.Api", group: "", version: "" };
    expect(() => metricsQueries(selector, "5x")).toThrow('rate window "5x": a number and s, m or h');
    expect(() => metricsQueries(selector, "0m")).toThrow('rate window "0m"');
    expect(() => metricsQueries(selector, "1m]) or vector(1) #")).toThrow("rate window");
    expect(() => metricsQueries(selector, "")).toThrow('rate window ""');
  });
});

describe("RATE_WINDOW", () => {
  it("takes 1 to 6 digits (no leading 0) and s, m or h", () => {
    for (const ok of ["1s", "30s", "1m", "15m", "1h", "999999s"]) expect(RATE_WINDOW.test(ok), ok).toBe(true);
    for (const bad of ["0s", "01m", "1d", "1ms", "1", "m", "1000000s", " 1m", "1m "]) expect(RATE_WINDOW.test(bad), bad).toBe(false);
  });
});
