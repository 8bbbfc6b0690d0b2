import { describe, expect, it } from "vitest";
import { routeCondition } from "@/lib/routing/evaluate/condition-route";
import { countReasons, groupReason } from "@/lib/routing/explain/reason-group";

const SERVICE = "com.foo.BarService";
const CONSUMER = `consumer://1.1.1.1/${SERVICE}?application=x&interface=${SERVICE}&side=consumer`;
/** 300 providers, each its own host, in three zones and two regions, some without a region. */
const PROVIDERS = Array.from(
  { length: 300 },
  (_, i) => `dubbo://10.0.${i >> 8}.${i & 255}:20880/${SERVICE}?application=bar&zone=${["east", "west", "north"][i % 3]}${i % 7 === 0 ? "" : `&region=${i % 2 ? "a" : "b"}`}`,
);

/** The grouping countReasons must give, by each provider's reason in words, built the slow way. */
function reference(rule: string) {
  const r = routeCondition({ rule, semantics: "2.7", consumer: CONSUMER, providers: PROVIDERS });
  const groups = new Map<string, { kept: boolean; reason: string; count: number; first: number }>();
  r.providers.forEach((d, k) => {
    const reason = groupReason(d, r.outcome);
    const key = `${d.kept}${reason}`;
    const g = groups.get(key);
    if (g) g.count++;
    else groups.set(key, { kept: d.kept, reason, count: 1, first: k });
  });
  const expected = [...groups.values()].sort((a, b) => b.count - a.count || a.first - b.first);
  return { expected, counted: countReasons(r.providers.length, (k) => r.providers[k]!, r.outcome) };
}

describe("countReasons counts through numbered verdicts what the words of each provider say", () => {
  it.each([
    "=> zone = east",
    "=> zone = east,west & host != 10.0.0.7",
    "=> zone = east & region = a & host != 10.0.0.7,10.0.1.*",
    "=> zone != north & region = a,b & host = 10.0.*",
    "application = other => zone = east",
    "=> zone = nowhere",
    "=> false",
  ])("%s", (rule) => {
    const { expected, counted } = reference(rule);
    expect(counted).toEqual(expected);
    expect(counted.reduce((n, g) => n + g.count, 0)).toBe(PROVIDERS.length);
  });

  it("counts a fallback's providers as kept, grouped by the keys that failed", () => {
    const { counted } = reference("=> zone = nowhere & host != 10.0.0.1");
    expect(counted.every((g) => g.kept)).toBe(true);
    expect(counted.map((g) => g.count)).toEqual([299, 1]);
  });
});
