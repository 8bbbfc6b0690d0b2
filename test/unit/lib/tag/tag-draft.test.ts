import { describe, expect, it } from "vitest";
import { readTagDraft, renderTagRule, tagDraftNotes, tagDraftProblems, type TagRouteDraft } from "@/lib/tag/tag-draft";
import { parseTagRule } from "@/lib/tag/tag-rule";

const gray: TagRouteDraft = {
  force: true,
  enabled: true,
  runtime: false,
  priority: 7,
  tags: [
    { name: "gray", addresses: ["127.0.0.2/32", "10.0.0.1:20880"], match: [] },
    { name: "blue", addresses: [], match: [{ key: "version", value: { prefix: "2." } }] },
  ],
};

describe("renderTagRule", () => {
  it("writes a rule both releases read with the draft's fields", () => {
    const text = renderTagRule("demo-provider", gray);
    for (const release of ["2.7", "3.x"] as const) {
      const rule = parseTagRule(text, release);
      expect([rule.force, rule.enabled, rule.runtime, rule.priority, rule.key, rule.valid]).toEqual([true, true, false, 7, "demo-provider", true]);
      expect(rule.tags!.map((t) => [t.name, t.addresses])).toEqual([
        ["gray", ["127.0.0.2/32", "10.0.0.1:20880"]],
        ["blue", null],
      ]);
    }
    expect(parseTagRule(text, "3.x").tags![1]!.match).toEqual([{ key: "version", value: { prefix: "2." } }]);
    expect(parseTagRule(text, "2.7").tags![1]!.match).toBeNull();
  });

  it("quotes names 3.3 would otherwise read as numbers or booleans", () => {
    const text = renderTagRule("123", { ...gray, tags: [{ name: "true", addresses: ["*"], match: [{ key: "x: y", value: { exact: "1.0" } }] }] });
    const rule = parseTagRule(text, "3.x");
    expect([rule.key, rule.tags![0]!.name, rule.tags![0]!.match![0]!.key, rule.tags![0]!.match![0]!.value]).toEqual(["123", "true", "x: y", { exact: "1.0" }]);
  });
});

describe("readTagDraft", () => {
  it("reads back what renderTagRule wrote", () => {
    const reading = readTagDraft(renderTagRule("demo-provider", gray), "demo-provider");
    expect(reading).toEqual({ type: "draft", draft: gray, notes: [] });
  });

  it("notes a key naming another application and a missing configVersion", () => {
    const reading = readTagDraft("key: other\ntags:\n  - name: gray\n    addresses: ['*']\n", "demo-provider");
    expect(reading.type).toBe("draft");
    if (reading.type !== "draft") return;
    expect(reading.notes).toHaveLength(2);
    expect(reading.notes[0]).toContain('"other"');
    expect(reading.draft.tags).toEqual([{ name: "gray", addresses: ["*"], match: [] }]);
  });

  it("leaves to text what the form cannot hold", () => {
    expect(readTagDraft("tags:\n  - addresses: ['*']\n", "a")).toEqual({ type: "text-only", reason: "tags[0] has no name" });
    expect(readTagDraft("configVersion: v3.0\ntags:\n  - name: g\n    match:\n      - key: k\n        value: {exact: a, prefix: b}\n", "a").type).toBe("text-only");
    expect(readTagDraft("force: [\n", "a")).toMatchObject({ type: "text-only", reason: expect.stringContaining("Dubbo 3 refuses the rule") });
  });
});

describe("tagDraftProblems", () => {
  it("refuses no tags, blank and repeated names, and tags that select nothing", () => {
    expect(tagDraftProblems({ ...gray, tags: [] }).map((p) => p.path)).toEqual(["rule.tags"]);
    const problems = tagDraftProblems({ ...gray, tags: [{ name: "a", addresses: ["*"], match: [] }, { name: "a", addresses: [], match: [] }, { name: " ", addresses: [""], match: [] }] });
    expect(problems.map((p) => p.path)).toEqual(["rule.tags.1.name", "rule.tags.1", "rule.tags.2.name", "rule.tags.2.addresses.0"]);
    expect(tagDraftProblems(gray)).toEqual([]);
  });
});

describe("tagDraftNotes", () => {
  it("says loopback ip entries never match and 2.7 ignores match", () => {
    const notes = tagDraftNotes({ ...gray, tags: [{ name: "gray", addresses: ["127.0.0.2", "127.0.0.3/32"], match: [] }, gray.tags[1]!] });
    expect(notes).toHaveLength(2);
    expect(notes[0]).toContain("127.0.0.2 never matches");
    expect(notes[0]).toContain("127.0.0.2/32");
    expect(notes[1]).toContain("selects no provider");
  });
});
