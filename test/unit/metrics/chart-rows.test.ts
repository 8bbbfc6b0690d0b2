import { describe, expect, it } from "vitest";
import { type MetricsPoint, type MetricsResponse, type MetricsSeries, metricsResponseSchema } from "@/lib/api/metrics";
import { chartData, chartProviders, chartRows, latestValues, marksInRange } from "@/lib/metrics/chart-rows";

const T0 = 1_700_000_000_000;
const STEP = 5_000;
const at = (i: number) => T0 + i * STEP;

/** A point at step `i`; every value null unless given. */
function point(i: number, values: Partial<Omit<MetricsPoint, "t">> = {}): MetricsPoint {
  return { t: at(i), callsPerSecond: null, p50Ms: null, p99Ms: null, failuresPerSecond: null, ...values };
}

function series(provider: string, registered: boolean, points: MetricsPoint[], application: string | null = "demo-provider"): MetricsSeries {
  return { provider, application, registered, points };
}

/** An answer as the server sends it (parsed by the contract's schema, so the fixture stays in step with it). */
function answer(over: Partial<MetricsResponse>): MetricsResponse {
  return metricsResponseSchema.parse({
    service: "io.x.Api",
    source: "scrape",
    range: "5m",
    from: at(0),
    to: at(10),
    stepSeconds: STEP / 1000,
    series: [],
    marks: [],
    unavailable: [],
    ...over,
  });
}

const GONE = "10.0.0.1:20880";
const NINE = "10.0.0.9:20880";
const TEN = "10.0.0.10:20880";

const three = answer({
  series: [
    series(TEN, true, [point(1, { callsPerSecond: 4, p50Ms: 2 }), point(2, { callsPerSecond: 5 }), point(4, { callsPerSecond: 6 })]),
    series(GONE, false, [point(0, { callsPerSecond: 1 }), point(1, { callsPerSecond: null })], null),
    series(NINE, true, [point(2, { callsPerSecond: 9.8, p50Ms: 3.5 }), point(3), point(4, { callsPerSecond: 0 })]),
  ],
});

describe("the providers of a chart", () => {
  it("puts registered providers first, then orders by address with numbers compared as numbers", () => {
    expect(chartProviders(three)).toEqual([
      { provider: NINE, application: "demo-provider", registered: true },
      { provider: TEN, application: "demo-provider", registered: true },
      { provider: GONE, application: null, registered: false },
    ]);
  });

  it("lists a provider named by two series once, as the first says it", () => {
    const twice = answer({ series: [series(NINE, true, [], "first"), series(NINE, false, [], "second")] });
    expect(chartProviders(twice)).toEqual([{ provider: NINE, application: "first", registered: true }]);
  });

  it("is empty without series", () => {
    expect(chartProviders(answer({}))).toEqual([]);
  });
});

describe("the rows of a chart", () => {
  it("has one row per instant of any series, oldest first, with every provider's value and null in its gaps", () => {
    expect(chartRows(three, "callsPerSecond")).toEqual([
      { t: at(0), [NINE]: null, [TEN]: null, [GONE]: 1 },
      { t: at(1), [NINE]: null, [TEN]: 4, [GONE]: null },
      { t: at(2), [NINE]: 9.8, [TEN]: 5, [GONE]: null },
      { t: at(3), [NINE]: null, [TEN]: null, [GONE]: null },
      { t: at(4), [NINE]: 0, [TEN]: 6, [GONE]: null },
    ]);
  });

  it("draws the measure asked for", () => {
    expect(chartRows(three, "p50Ms")).toEqual([
      { t: at(0), [NINE]: null, [TEN]: null, [GONE]: null },
      { t: at(1), [NINE]: null, [TEN]: 2, [GONE]: null },
      { t: at(2), [NINE]: 3.5, [TEN]: null, [GONE]: null },
      { t: at(3), [NINE]: null, [TEN]: null, [GONE]: null },
      { t: at(4), [NINE]: null, [TEN]: null, [GONE]: null },
    ]);
  });

  it("sorts instants that the series give out of order", () => {
    const shuffled = answer({ series: [series(NINE, true, [point(3, { failuresPerSecond: 0.5 }), point(1, { failuresPerSecond: 0.25 })])] });
    expect(chartRows(shuffled, "failuresPerSecond")).toEqual([
      { t: at(1), [NINE]: 0.25 },
      { t: at(3), [NINE]: 0.5 },
    ]);
  });

  it("keeps the first known value where two series of one provider meet at an instant", () => {
    const twice = answer({ series: [series(NINE, true, [point(1)]), series(NINE, true, [point(1, { p99Ms: 40 })]), series(NINE, true, [point(1, { p99Ms: 41 })])] });
    expect(chartRows(twice, "p99Ms")).toEqual([{ t: at(1), [NINE]: 40 }]);
  });

  it("is empty without series", () => {
    expect(chartRows(answer({}), "callsPerSecond")).toEqual([]);
  });
});

describe("the marks of a chart", () => {
  const mark = (i: number, kind: "rule" | "registered" | "unregistered", summary: string) => ({ t: at(i), kind, summary, auditId: kind === "rule" ? `a${i}` : null });

  it("keeps the marks from `from` to `to`, both included, oldest first, and drops those outside", () => {
    const marked = answer({
      marks: [mark(10, "unregistered", `${GONE} unregistered`), mark(-1, "rule", "route saved by alice: before the range"), mark(0, "registered", `${NINE} registered`), mark(5, "rule", "route saved by bob: => host != 10.0.0.3"), { ...mark(10, "rule", "late"), t: at(10) + 1 }],
    });
    expect(marksInRange(marked)).toEqual([mark(0, "registered", `${NINE} registered`), mark(5, "rule", "route saved by bob: => host != 10.0.0.3"), mark(10, "unregistered", `${GONE} unregistered`)]);
  });

  it("keeps the answer's order among marks at one instant", () => {
    const same = answer({ marks: [mark(3, "unregistered", "second"), mark(2, "rule", "first"), mark(3, "registered", "third")] });
    expect(marksInRange(same).map((m) => m.summary)).toEqual(["first", "second", "third"]);
  });
});

describe("everything a chart draws", () => {
  it("puts rows, providers and marks of one measure together", () => {
    const marked = answer({ ...three, marks: [{ t: at(20), kind: "rule", summary: "after", auditId: null }] });
    const data = chartData(marked, "callsPerSecond");
    expect(data.providers.map((p) => p.provider)).toEqual([NINE, TEN, GONE]);
    expect(data.rows).toEqual(chartRows(three, "callsPerSecond"));
    expect(data.marks).toEqual([]);
  });
});

describe("the latest value of each provider", () => {
  it("takes the last point where the measure is known, skipping trailing nulls, in the providers' order", () => {
    expect(latestValues(three, "callsPerSecond")).toEqual([
      { provider: NINE, application: "demo-provider", registered: true, value: 0, t: at(4) },
      { provider: TEN, application: "demo-provider", registered: true, value: 6, t: at(4) },
      { provider: GONE, application: null, registered: false, value: 1, t: at(0) },
    ]);
    expect(latestValues(three, "p50Ms").map((l) => [l.provider, l.value, l.t])).toEqual([
      [NINE, 3.5, at(2)],
      [TEN, 2, at(1)],
      [GONE, null, null],
    ]);
  });

  it("goes by time, not by the order of the points", () => {
    const shuffled = answer({ series: [series(NINE, true, [point(4, { p99Ms: 12 }), point(6), point(2, { p99Ms: 30 })])] });
    expect(latestValues(shuffled, "p99Ms")).toEqual([{ provider: NINE, application: "demo-provider", registered: true, value: 12, t: at(4) }]);
  });

  it("reads every series of a provider", () => {
    const twice = answer({ series: [series(NINE, true, [point(5, { callsPerSecond: 2 })]), series(NINE, true, [point(7, { callsPerSecond: 3 }), point(8)])] });
    expect(latestValues(twice, "callsPerSecond").map((l) => [l.value, l.t])).toEqual([[3, at(7)]]);
  });
});
