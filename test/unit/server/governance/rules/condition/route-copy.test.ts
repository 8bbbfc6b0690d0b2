import { describe, expect, it } from "vitest";
import { parseConditionRouterYaml } from "@/lib/dubbo/rules/condition-router-yaml";
import type { VersionedData } from "@/server/registry/zk/zk-writes";
import { type CopyChange, conditionEdits, editConditions, planCopy } from "@/server/governance/rules/condition/route-copy";
import { checkConfigCondition } from "@/server/governance/rules/condition/rule-checks";

const KEY = "io.x.Greeting::";
const PATH = `/dubbo/config/dubbo/${KEY}.condition-router`;
const FIELDS = { force: true, priority: 4, runtime: false };

/** A config center of rule nodes held in memory, recording the directories asked for. */
function store(nodes: Record<string, string> = {}) {
  const data = new Map(Object.entries(nodes).map(([path, yaml]) => [path, { data: Buffer.from(yaml, "utf8"), version: 3, modified: 1n } satisfies VersionedData]));
  const dirs: string[] = [];
  return { dirs, read: async (path: string) => data.get(path) ?? null, ensureDirectory: async (path: string) => void dirs.push(path) };
}

const change = (over: Partial<CopyChange>): CopyChange => ({ before: null, after: null, route: null, fields: FIELDS, ...over });
const end = (condition: string, key = KEY) => ({ key, condition });
const yamlOf = (op: { data?: Buffer } | undefined) => op?.data?.toString("utf8");
const conditionsIn = (yaml: string | undefined) => {
  const read = parseConditionRouterYaml(yaml ?? "");
  return read.type === "rule" ? read.rule.conditions : read.problem;
};

/** A rule as another writer left it: Dubbo Admin's field order, force and priority of its own. */
const ADMIN_RULE = "conditions:\n- => host = 10.0.0.1\n- => host != 10.0.0.9\nenabled: true\nforce: false\nkey: io.x.Greeting\npriority: 7\nruntime: true\nscope: service\n";

describe("editing the conditions of a service rule", () => {
  it("puts the new condition in the place of the old one", () => {
    expect(editConditions(["a => b", "c => d", "e => f"], "c => d", "c => x")).toEqual(["a => b", "c => x", "e => f"]);
  });

  it("takes a condition out and keeps the others in their order", () => {
    expect(editConditions(["a => b", "c => d", "e => f"], "c => d", null)).toEqual(["a => b", "e => f"]);
  });

  it("appends a condition whose old one is not there", () => {
    expect(editConditions(["a => b"], "gone => x", "c => d")).toEqual(["a => b", "c => d"]);
    expect(editConditions([], null, "c => d")).toEqual(["c => d"]);
  });

  it("does not add a condition twice: one already elsewhere only loses the old one", () => {
    expect(editConditions(["a => b", "c => d"], "a => b", "c => d")).toEqual(["c => d"]);
    expect(editConditions(["a => b", "c => d"], null, "c => d")).toEqual(["a => b", "c => d"]);
  });

  it("answers the very same list when nothing changes", () => {
    const list = ["a => b", "c => d"];
    expect(editConditions(list, "c => d", "c => d")).toBe(list);
    expect(editConditions(list, "x => y", null)).toBe(list);
  });

  it("changes only the first of two equal conditions", () => {
    expect(editConditions(["a => b", "a => b"], "a => b", "z => z")).toEqual(["z => z", "a => b"]);
  });

  it("edits one rule when the key stays, and two when the route moves to another group or version", () => {
    expect(conditionEdits({ before: end("a"), after: end("b") })).toEqual([{ key: KEY, remove: "a", add: "b" }]);
    expect(conditionEdits({ before: end("a"), after: end("a", "io.x.Greeting::g") })).toEqual([
      { key: KEY, remove: "a", add: null },
      { key: "io.x.Greeting::g", remove: null, add: "a" },
    ]);
    expect(conditionEdits({ before: null, after: null })).toEqual([]);
  });
});

describe("planning a route's config-center copy", () => {
  it("creates the service rule with the route's force, priority and runtime, enabled, in the YAML Dubbo 3.3 reads", async () => {
    const s = store();
    const plan = await planCopy("/dubbo", change({ after: end("=> host = 127.0.0.2"), route: end("=> host = 127.0.0.2") }), s, checkConfigCondition);
    expect(plan.present).toBe(true);
    expect(plan.ops).toHaveLength(1);
    expect(plan.ops[0]).toMatchObject({ type: "create", path: PATH });
    // Written out by hand in the field order of Dubbo's documentation (condition-router-yaml.ts).
    expect(yamlOf(plan.ops[0] as { data?: Buffer })).toBe(
      `configVersion: v3.0\nscope: service\nkey: "${KEY}"\nenabled: true\nforce: true\nruntime: false\npriority: 4\nconditions:\n  - => host = 127.0.0.2\n`,
    );
    expect(s.dirs).toEqual(["/dubbo/config/dubbo"]);
  });

  it("replaces the old condition in place in a rule others share, keeping that rule's own fields, on the version read", async () => {
    const plan = await planCopy("/dubbo", change({ before: end("=> host = 10.0.0.1"), after: end("=> host = 10.0.0.5"), route: end("=> host = 10.0.0.5") }), store({ [PATH]: ADMIN_RULE }), checkConfigCondition);
    expect(plan.ops).toEqual([{ type: "setData", path: PATH, version: 3, data: expect.any(Buffer) }]);
    const yaml = yamlOf(plan.ops[0] as { data?: Buffer });
    expect(conditionsIn(yaml)).toEqual(["=> host = 10.0.0.5", "=> host != 10.0.0.9"]);
    expect(yaml).toContain("force: false\nruntime: true\npriority: 7\n");
    expect(plan.present).toBe(true);
  });

  it("gives a rule left holding only the route's condition the route's fields", async () => {
    const only = "enabled: false\nforce: false\npriority: 9\nconditions:\n- => host = 10.0.0.1\n";
    const plan = await planCopy("/dubbo", change({ before: end("=> host = 10.0.0.1"), after: end("=> host = 10.0.0.2"), route: end("=> host = 10.0.0.2") }), store({ [PATH]: only }), checkConfigCondition);
    expect(yamlOf(plan.ops[0] as { data?: Buffer })).toContain("enabled: true\nforce: true\nruntime: false\npriority: 4\nconditions:\n  - => host = 10.0.0.2\n");
  });

  it("deletes a rule whose last condition goes: Dubbo keeps applying a rule whose list became empty", async () => {
    const plan = await planCopy("/dubbo", change({ before: end("=> host = 10.0.0.1") }), store({ [PATH]: "conditions:\n- => host = 10.0.0.1\n" }), checkConfigCondition);
    expect(plan).toEqual({ ops: [{ type: "remove", path: PATH, version: 3 }], present: false });
  });

  it("writes nothing when the condition is already where it belongs, and says it is there", async () => {
    const plan = await planCopy("/dubbo", change({ before: end("=> host = 10.0.0.1"), after: end("=> host = 10.0.0.1"), route: end("=> host = 10.0.0.1") }), store({ [PATH]: ADMIN_RULE }), checkConfigCondition);
    expect(plan).toEqual({ ops: [], present: true });
  });

  it("says whether the rule holds the route's condition when it writes none (a disabled route, a route without a copy)", async () => {
    const s = store({ [PATH]: ADMIN_RULE });
    expect(await planCopy("/dubbo", change({ route: end("=> host != 10.0.0.9") }), s, checkConfigCondition)).toEqual({ ops: [], present: true });
    expect(await planCopy("/dubbo", change({ route: end("=> host = 10.0.0.3") }), s, checkConfigCondition)).toEqual({ ops: [], present: false });
    expect(await planCopy("/dubbo", change({ route: end("=> host = 10.0.0.3") }), store(), checkConfigCondition)).toEqual({ ops: [], present: false });
  });

  it("moves the condition from the old group's rule to the new one's", async () => {
    const other = "io.x.Greeting::blue";
    const plan = await planCopy("/dubbo", change({ before: end("=> host = 10.0.0.1"), after: end("=> host = 10.0.0.1", other), route: end("=> host = 10.0.0.1", other) }), store({ [PATH]: ADMIN_RULE }), checkConfigCondition);
    expect(plan.ops.map((op) => [op.type, op.path])).toEqual([
      ["setData", PATH],
      ["create", `/dubbo/config/dubbo/${other}.condition-router`],
    ]);
    expect(conditionsIn(yamlOf(plan.ops[0] as { data?: Buffer }))).toEqual(["=> host != 10.0.0.9"]);
    expect(plan.present).toBe(true);
  });

  it.each([
    ["a v3.1 rule", "configVersion: v3.1\nconditions:\n- from: {match: 'host = 1'}\n  to: [{match: 'host = 2'}]\n", /is a v3\.1 \(multi-destination\) rule/],
    ["a rule Dubbo fails to read", "conditions: [\n", /is one Dubbo fails to read/],
  ])("refuses with 409 to add to %s, and takes nothing out of it", async (_, yaml, message) => {
    const s = store({ [PATH]: yaml });
    await expect(planCopy("/dubbo", change({ after: end("=> host = 1"), route: end("=> host = 1") }), s, checkConfigCondition)).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(message) });
    expect(await planCopy("/dubbo", change({ before: end("=> host = 1") }), s, checkConfigCondition)).toEqual({ ops: [], present: false });
  });

  it("refuses with 409 a rewrite Dubbo would refuse because of another condition of the rule", async () => {
    // `valid: false` spares the bad condition Dubbo's parser; the console writes no `valid`, so Dubbo would parse it and refuse the rule.
    const dormant = "valid: false\nconditions:\n- host = ,a => b\n";
    await expect(planCopy("/dubbo", change({ after: end("=> host = 1"), route: end("=> host = 1") }), store({ [PATH]: dormant }), checkConfigCondition)).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/would be refused by Dubbo once the route's condition is in it/),
    });
  });
});
