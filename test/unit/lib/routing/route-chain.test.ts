import { describe, expect, it } from "vitest";
import { routeChain } from "@/lib/routing/evaluate/route-chain";

const CONSUMER = "consumer://1.1.1.1/com.foo.BarService?application=shop";
const P1 = "dubbo://10.0.0.1:20880/com.foo.BarService?zone=a";
const P2 = "dubbo://10.0.0.2:20880/com.foo.BarService?zone=b";
const P3 = "dubbo://10.0.0.3:20881/com.foo.BarService?zone=b";
const input = { semantics: "2.7" as const, consumer: CONSUMER, providers: [P1, P2, P3] };

describe("routeChain", () => {
  it("runs routes by ascending priority, each on the previous output", () => {
    const r = routeChain(
      [
        { name: "port", rule: "=> port = 20880", priority: 5 },
        { name: "zone", rule: "=> zone = b", priority: 1 },
      ],
      input,
    );
    expect(r.steps.map((s) => [s.name, s.input.length, s.route?.kept.length])).toEqual([
      ["zone", 3, 2],
      ["port", 2, 1],
    ]);
    expect(r.result).toEqual([P2]);
  });

  it("keeps the given order for equal priorities (a stable sort, as Java's)", () => {
    const r = routeChain(
      [
        { name: "first", rule: "=> zone = b" },
        { name: "second", rule: "=> host = 10.0.0.9", force: true },
        { name: "third", rule: "=> zone = a", priority: -1 },
      ],
      input,
    );
    expect(r.steps.map((s) => s.name)).toEqual(["third", "first", "second"]);
  });

  it("lets a route that matches nothing without force fall back to its whole input", () => {
    const r = routeChain([{ rule: "=> zone = b" }, { rule: "=> host = 10.9.9.9" }], input);
    expect(r.result).toEqual([P2, P3]);
    expect(r.steps[1]!.route!.outcome).toBe("empty-fallback");
  });

  it("after an empty result, 2.7 hands the rest an empty list; 3.x skips them (fail-fast)", () => {
    const routes = [{ rule: "=> host = 10.9.9.9", force: true }, { rule: "=> zone = a" }];
    const v27 = routeChain(routes, input);
    expect([v27.result, v27.steps.map((s) => s.status), v27.steps[1]!.route!.outcome]).toEqual([[], ["applied", "applied"], "no-providers"]);
    const v3 = routeChain(routes, { ...input, semantics: "3.x" });
    expect([v3.result, v3.steps.map((s) => s.status)]).toEqual([[], ["applied", "skipped"]]);
  });

  it("leaves out a route whose rule Java rejects, as RegistryDirectory.toRouters does", () => {
    const r = routeChain([{ name: "bad", rule: "zone == a" }, { name: "good", rule: "=> zone = a" }], input);
    expect(r.steps.map((s) => [s.name, s.status, s.error?.offset])).toEqual([
      ["bad", "invalid", 5],
      ["good", "applied", undefined],
    ]);
    expect(r.result).toEqual([P1]);
  });

  it("passes everything through a disabled route", () => {
    const r = routeChain([{ rule: "=> zone = a", enabled: false }], input);
    expect([r.result, r.steps[0]!.route!.outcome]).toEqual([[P1, P2, P3], "disabled"]);
  });

  it("keeps duplicates through the chain", () => {
    const r = routeChain([{ rule: "=> zone = b" }, { rule: "=> port = 20880" }], { ...input, providers: [P2, P1, P2] });
    expect(r.result).toEqual([P2, P2]);
  });
});
