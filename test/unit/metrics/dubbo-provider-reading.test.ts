import { describe, expect, it } from "vitest";
import { DUBBO_PROVIDER_METRICS, isReadMetric, type MetricsSelector, readingOf } from "@/lib/metrics/dubbo-provider-reading";
import { type PromSample, parsePromText } from "@/lib/metrics/prometheus-text";

const API = "io.dubboconsole.demo.api.GreetingService";
const OTHER = "io.dubboconsole.demo.api.OrderService";
const INF = Number.POSITIVE_INFINITY;

/** One process's text, as Dubbo 3.3 writes it: two methods of GreetingService 1.0.0, the same interface at 2.0.0 and in group g, and another service. */
function line(name: string, labels: Record<string, string>, value: string): string {
  const set = Object.entries({ application_name: "demo", ...labels })
    .map(([k, v]) => `${k}="${v}",`)
    .join("");
  return `${name}{${set}} ${value}`;
}
const at = (iface: string, method: string, version = "1.0.0", group = "") => ({ interface: iface, method, group, version });
const bucket = (labels: Record<string, string>, le: string, value: string) => line(DUBBO_PROVIDER_METRICS.rtBucket, { ...labels, le }, value);

const TEXT = [
  "# TYPE dubbo_provider_requests_total counter",
  line(DUBBO_PROVIDER_METRICS.requests, at(API, "greet"), "100.0"),
  line(DUBBO_PROVIDER_METRICS.requests, at(API, "whoAmI"), "50.0"),
  line(DUBBO_PROVIDER_METRICS.failed, at(API, "greet"), "3.0"),
  line(DUBBO_PROVIDER_METRICS.businessFailed, at(API, "greet"), "2.0"),
  line(DUBBO_PROVIDER_METRICS.businessFailed, at(API, "whoAmI"), "1.0"),
  bucket(at(API, "greet"), "0.001", "60.0"),
  bucket(at(API, "greet"), "0.01", "90.0"),
  bucket(at(API, "greet"), "+Inf", "100.0"),
  bucket(at(API, "whoAmI"), "0.001", "10.0"),
  bucket(at(API, "whoAmI"), "0.01", "40.0"),
  bucket(at(API, "whoAmI"), "+Inf", "50.0"),
  // the same interface at another version and in a group, and another service: never counted for API 1.0.0
  line(DUBBO_PROVIDER_METRICS.requests, at(API, "greet", "2.0.0"), "7000.0"),
  line(DUBBO_PROVIDER_METRICS.failed, at(API, "greet", "2.0.0"), "700.0"),
  bucket(at(API, "greet", "2.0.0"), "+Inf", "7000.0"),
  line(DUBBO_PROVIDER_METRICS.requests, at(API, "greet", "1.0.0", "g"), "8000.0"),
  line(DUBBO_PROVIDER_METRICS.requests, at(OTHER, "place"), "9000.0"),
  line(DUBBO_PROVIDER_METRICS.failed, at(OTHER, "place"), "900.0"),
  bucket(at(OTHER, "place"), "0.001", "9000.0"),
  // a metric not read
  line("dubbo_provider_rt_milliseconds_max", at(API, "greet"), "123.0"),
].join("\n");

const SAMPLES = parsePromText(TEXT);
const SERVICE: MetricsSelector = { interface: API, group: "", version: "1.0.0" };

describe("readingOf", () => {
  it("sums the service's requests, failures (failed + business-failed) and buckets by le over its methods", () => {
    expect(readingOf(SAMPLES, SERVICE)).toEqual({
      requests: 150,
      failures: 6,
      rtBuckets: [
        [0.001, 70],
        [0.01, 130],
        [INF, 150],
      ],
      methods: 2,
    });
  });

  it("narrows to one method", () => {
    expect(readingOf(SAMPLES, { ...SERVICE, method: "greet" })).toEqual({
      requests: 100,
      failures: 5,
      rtBuckets: [
        [0.001, 60],
        [0.01, 90],
        [INF, 100],
      ],
      methods: 1,
    });
    expect(readingOf(SAMPLES, { ...SERVICE, method: "whoAmI" })).toEqual({ requests: 50, failures: 1, rtBuckets: [[0.001, 10], [0.01, 40], [INF, 50]], methods: 1 });
  });

  it("tells another version and another group apart", () => {
    expect(readingOf(SAMPLES, { ...SERVICE, version: "2.0.0" })).toEqual({ requests: 7000, failures: 700, rtBuckets: [[INF, 7000]], methods: 1 });
    expect(readingOf(SAMPLES, { ...SERVICE, group: "g" })).toEqual({ requests: 8000, failures: 0, rtBuckets: [], methods: 1 });
    expect(readingOf(SAMPLES, { interface: OTHER, group: "", version: "1.0.0" })).toEqual({ requests: 9000, failures: 900, rtBuckets: [[0.001, 9000]], methods: 1 });
  });

  it("reads nothing (0 methods) of a service or method the process does not report", () => {
    expect(readingOf(SAMPLES, { interface: "io.x.Missing", group: "", version: "" })).toEqual({ requests: 0, failures: 0, rtBuckets: [], methods: 0 });
    expect(readingOf(SAMPLES, { ...SERVICE, method: "nope" })).toEqual({ requests: 0, failures: 0, rtBuckets: [], methods: 0 });
    expect(readingOf(SAMPLES, { ...SERVICE, version: "" })).toEqual({ requests: 0, failures: 0, rtBuckets: [], methods: 0 });
  });

  it("counts only methods with a requests sample; takes absent group / version labels as empty", () => {
    const samples: PromSample[] = [
      { name: DUBBO_PROVIDER_METRICS.failed, labels: { interface: API, method: "onlyFailed" }, value: 4 },
      { name: DUBBO_PROVIDER_METRICS.requests, labels: { interface: API, method: "a" }, value: 1 },
    ];
    expect(readingOf(samples, { interface: API, group: "", version: "" })).toEqual({ requests: 1, failures: 4, rtBuckets: [], methods: 1 });
  });

  it("counts a NaN or infinite value as 0, and skips a bucket without a numeric le", () => {
    const samples: PromSample[] = [
      { name: DUBBO_PROVIDER_METRICS.requests, labels: { interface: API, method: "a" }, value: Number.NaN },
      { name: DUBBO_PROVIDER_METRICS.requests, labels: { interface: API, method: "b" }, value: 5 },
      { name: DUBBO_PROVIDER_METRICS.failed, labels: { interface: API, method: "b" }, value: INF },
      { name: DUBBO_PROVIDER_METRICS.rtBucket, labels: { interface: API, method: "b", le: "x" }, value: 3 },
      { name: DUBBO_PROVIDER_METRICS.rtBucket, labels: { interface: API, method: "b" }, value: 3 },
      { name: DUBBO_PROVIDER_METRICS.rtBucket, labels: { interface: API, method: "b", le: "+Inf" }, value: Number.NaN },
    ];
    expect(readingOf(samples, { interface: API, group: "", version: "" })).toEqual({ requests: 5, failures: 0, rtBuckets: [[INF, 0]], methods: 2 });
  });

  it("orders the buckets by bound, whatever order the text has", () => {
    const samples: PromSample[] = ["+Inf", "0.5", "0.05"].map((le, i) => ({ name: DUBBO_PROVIDER_METRICS.rtBucket, labels: { interface: API, le }, value: 10 - i }));
    expect(readingOf(samples, { interface: API, group: "", version: "" }).rtBuckets).toEqual([
      [0.05, 8],
      [0.5, 9],
      [INF, 10],
    ]);
  });
});

describe("isReadMetric", () => {
  it("accepts the four names read and nothing else", () => {
    expect(isReadMetric("dubbo_provider_requests_total")).toBe(true);
    expect(isReadMetric("dubbo_provider_requests_failed_total")).toBe(true);
    expect(isReadMetric("dubbo_provider_requests_business_failed_total")).toBe(true);
    expect(isReadMetric("dubbo_provider_rt_milliseconds_histogram_seconds_bucket")).toBe(true);
    expect(isReadMetric("dubbo_provider_rt_milliseconds_max")).toBe(false);
    expect(isReadMetric("dubbo_consumer_requests_total")).toBe(false);
    expect(isReadMetric("")).toBe(false);
  });

  it("as parsePromText's keep, leaves only those samples", () => {
    const kept = parsePromText(TEXT, { keep: isReadMetric });
    expect(kept).toHaveLength(SAMPLES.length - 1);
    expect(kept.some((s) => s.name === "dubbo_provider_rt_milliseconds_max")).toBe(false);
  });
});
