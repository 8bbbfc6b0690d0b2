import { describe, expect, it } from "vitest";
import { fieldChanges, sameJson, valueText } from "@/lib/audit/field-changes";
import { type DiffRun, wordDiff } from "@/lib/audit/word-diff";

const route = { id: "r1", revision: "7", node: "/dubbo/x/routers/a", url: "route://0.0.0.0/x", name: "canary", rule: "host = 10.0.0.1 => host = 10.0.0.2", enabled: true, priority: 0, targets: ["registry"] };

const side = (runs: DiffRun[], keep: "removed" | "added") => runs.filter((r) => r.type === "same" || r.type === keep).map((r) => r.text).join("");

describe("fieldChanges", () => {
  it("lists only the fields that differ, name and state before the rule, without ids, revisions, nodes or URLs", () => {
    const after = { ...route, id: "r2", revision: "8", node: "/dubbo/x/routers/b", url: "route://0.0.0.0/y", enabled: false, rule: "host = 10.0.0.1 => host = 10.0.0.3", priority: 0 };
    expect(fieldChanges(route, after)).toEqual([
      { field: "enabled", before: true, after: false },
      { field: "rule", before: route.rule, after: after.rule },
    ]);
  });

  it("makes every shown field a change for a creation and for a deletion", () => {
    const created = fieldChanges(null, route);
    expect(created.map((c) => c.field)).toEqual(["name", "enabled", "priority", "rule", "targets"]);
    expect(created.every((c) => c.before === undefined)).toBe(true);
    expect(fieldChanges(route, null).every((c) => c.after === undefined)).toBe(true);
  });

  it("compares lists and objects by value, whatever their key order", () => {
    expect(fieldChanges({ targets: ["registry"], o: { a: 1, b: 2 } }, { targets: ["registry"], o: { b: 2, a: 1 } })).toEqual([]);
    expect(fieldChanges({ targets: ["registry"] }, { targets: ["registry", "config-center"] })).toEqual([{ field: "targets", before: ["registry"], after: ["registry", "config-center"] }]);
    expect(sameJson([1, { a: null }], [1, { a: null }])).toBe(true);
    expect(sameJson({ a: undefined }, { b: undefined })).toBe(false);
  });
});

describe("valueText", () => {
  it("reads scalars, lists, objects and absence as one line", () => {
    expect(valueText(true)).toBe("true");
    expect(valueText(3)).toBe("3");
    expect(valueText("")).toBe("(empty)");
    expect(valueText(null)).toBe("—");
    expect(valueText(undefined)).toBe("—");
    expect(valueText(["registry", "config-center"])).toBe("registry, config-center");
    expect(valueText([])).toBe("(none)");
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });
});

describe("wordDiff", () => {
  it("keeps what both rules share and marks the changed address only", () => {
    const runs = wordDiff("host = 10.0.0.1 => host = 10.0.0.2", "host = 10.0.0.1 => host = 10.0.0.3");
    expect(runs).toEqual([
      { type: "same", text: "host = 10.0.0.1 => host = " },
      { type: "removed", text: "10.0.0.2" },
      { type: "added", text: "10.0.0.3" },
    ]);
  });

  it("rebuilds both texts from its runs", () => {
    const pairs = [
      ["method = sayHello => host = 1.1.1.1,2.2.2.2", "method = sayHello & application = web => host = 1.1.1.1"],
      ["", "host = 1.1.1.1"],
      ["host = 1.1.1.1", ""],
      ["a b c", "c b a"],
    ] as const;
    for (const [before, after] of pairs) {
      const runs = wordDiff(before, after);
      expect(side(runs, "removed"), before).toBe(before);
      expect(side(runs, "added"), after).toBe(after);
    }
  });

  it("answers one kept run for equal texts and none for two empty ones", () => {
    expect(wordDiff("x = 1", "x = 1")).toEqual([{ type: "same", text: "x = 1" }]);
    expect(wordDiff("", "")).toEqual([]);
  });
});

describe("fieldChanges of sides that are not objects", () => {
  it("treats a scalar side as one field named value", () => {
    expect(fieldChanges("a", "b")).toEqual([{ field: "value", before: "a", after: "b" }]);
    expect(fieldChanges(undefined, null)).toEqual([]);
  });
});
