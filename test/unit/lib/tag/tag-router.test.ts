import { describe, expect, it } from "vitest";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { routeTagCase, type TagCase } from "@/lib/tag/tag-case";

/**
 * The tag routers on docs/tag-routing.md §8's providers: A 10.0.0.1 (env=prod), B 10.0.0.2
 * (dubbo.tag=gray), C 10.0.0.3 (env=gray), D 10.0.0.4 (dubbo.tag=blue). The differential
 * (test/integration/tag-differential.test.ts) holds these to the real Java routers; here
 * each path of the router is pinned once so a change shows where it broke.
 */
const CONSUMER = "consumer://10.0.0.99/org.demo.Greeting?application=shop&interface=org.demo.Greeting&side=consumer&category=consumers";
const provider = (host: string, extra: string) => `dubbo://${host}:20880/org.demo.Greeting?application=greeting-app&interface=org.demo.Greeting&side=provider${extra}`;
const PROVIDERS = [provider("10.0.0.1", "&env=prod"), provider("10.0.0.2", "&dubbo.tag=gray"), provider("10.0.0.3", "&env=gray"), provider("10.0.0.4", "&dubbo.tag=blue")];
const R1 = "tags:\n  - name: gray\n    addresses: [\"10.0.0.1:20880\"]\n";
const MATCH = "configVersion: v3.0\ntags:\n  - name: gray\n    match:\n      - key: env\n        value: {exact: gray}\n";

function route(release: DubboRelease, rules: (string | null)[], attachments: Record<string, string> = {}, extra: Partial<TagCase> = {}): string {
  const answer = routeTagCase({ rules, consumer: CONSUMER, providers: PROVIDERS, attachments, ...extra }, release);
  return answer.kept.map((i) => "ABCD"[i]).join("");
}

describe("tag router", () => {
  it.each(["2.7", "3.x"] as const)("without a rule, static tags only (%s)", (r) => {
    expect(route(r, [])).toBe("AC");
    expect(route(r, [], { "dubbo.tag": "gray" })).toBe("B");
    expect(route(r, [], { "dubbo.tag": "red" })).toBe("AC");
    expect(route(r, [], { "dubbo.tag": "red", "dubbo.force.tag": "true" })).toBe("");
    expect(route(r, [], { "dubbo.tag": "red", "dubbo.force.tag": "yes" })).toBe("AC");
  });

  it.each(["2.7", "3.x"] as const)("a rule's addresses beat static tags (%s)", (r) => {
    expect(route(r, [R1], { "dubbo.tag": "gray" })).toBe("A");
    expect(route(r, [R1], { "dubbo.tag": "blue" })).toBe("D");
    expect(route(r, [R1], { "dubbo.tag": "red" })).toBe("C");
  });

  it("a request without a tag: 2.7 keeps static tags the rule does not name, 3.3 only untagged providers", () => {
    expect(route("2.7", [R1])).toBe("CD");
    expect(route("3.x", [R1])).toBe("C");
  });

  it.each(["2.7", "3.x"] as const)("force and dubbo.force.tag when the tag's addresses are all down (%s)", (r) => {
    const gone = "tags:\n  - name: gray\n    addresses: [\"10.0.0.9:20880\"]\n";
    expect(route(r, [gone], { "dubbo.tag": "gray" })).toBe("AC");
    expect(route(r, [`force: true\n${gone}`], { "dubbo.tag": "gray" })).toBe("");
    expect(route(r, [gone], { "dubbo.tag": "gray", "dubbo.force.tag": "true" })).toBe("");
  });

  it("match is 3.3's alone, and only under configVersion v3.0", () => {
    expect(route("2.7", [MATCH], { "dubbo.tag": "gray" })).toBe("B");
    expect(route("3.x", [MATCH], { "dubbo.tag": "gray" })).toBe("C");
    expect(route("3.x", [MATCH])).toBe("A");
    expect(route("3.x", [MATCH.replace("v3.0", "v3.1")], { "dubbo.tag": "gray" })).toBe("B");
  });

  it("a refused text keeps the rule before it; a deletion drops it", () => {
    expect(routeTagCase({ rules: [R1, "tags: [oops"], consumer: CONSUMER, providers: PROVIDERS, attachments: { "dubbo.tag": "gray" } }, "2.7")).toEqual({ kept: [0], ruleLoaded: true });
    expect(routeTagCase({ rules: [R1, null], consumer: CONSUMER, providers: PROVIDERS, attachments: { "dubbo.tag": "gray" } }, "3.x")).toEqual({ kept: [1], ruleLoaded: false });
  });

  it("quoted booleans: 2.7 refuses the rule, 3.3 reads them", () => {
    const rule = "force: \"true\"\ntags:\n  - name: gray\n    addresses: [\"10.0.0.9:20880\"]\n";
    expect(route("2.7", [rule], { "dubbo.tag": "gray" })).toBe("B");
    expect(route("3.x", [rule], { "dubbo.tag": "gray" })).toBe("");
  });

  it("3.3 falls back along a|b levels unless forced", () => {
    const beta = "tags:\n  - name: beta\n    addresses: [\"10.0.0.1\"]\n";
    expect(route("3.x", [beta], { "dubbo.tag": "beta|team1" })).toBe("A");
    expect(route("2.7", [beta], { "dubbo.tag": "beta|team1" })).toBe("C");
    expect(route("3.x", [beta], { "dubbo.tag": "beta|team1", "dubbo.force.tag": "true" })).toBe("");
  });

  it("address forms: CIDR, range, any host on a port, a hostname never", () => {
    const tag = (a: string) => `tags:\n  - name: gray\n    addresses: [${JSON.stringify(a)}]\n`;
    expect(route("2.7", [tag("10.0.0.0/30")], { "dubbo.tag": "gray" })).toBe("ABC");
    expect(route("2.7", [tag("10.0.0.1-2:20880")], { "dubbo.tag": "gray" })).toBe("AB");
    expect(route("3.x", [tag("0.0.0.0:20880")], { "dubbo.tag": "gray" })).toBe("ABCD");
    expect(route("3.x", [tag("provider-a:20880")], { "dubbo.tag": "gray" })).toBe("AC");
  });

  it("loopback providers are never named by an address entry, not even 0.0.0.0:port; only by CIDR or *", () => {
    const loop = [provider("127.0.0.1", ""), provider("127.0.0.2", "")];
    const tag = (a: string) => `tags:\n  - name: gray\n    addresses: [${JSON.stringify(a)}]\n`;
    const kept = (a: string) => routeTagCase({ rules: [tag(a)], consumer: CONSUMER, providers: loop, attachments: { "dubbo.tag": "gray", "dubbo.force.tag": "true" } }, "3.x").kept;
    expect(kept("127.0.0.1:20880")).toEqual([]);
    expect(kept("127.0.0.1")).toEqual([]);
    expect(kept("127.0.0.1/32")).toEqual([0]);
    expect(kept("0.0.0.0:20880")).toEqual([]);
    expect(kept("*")).toEqual([0, 1]);
  });

  it("the consumer URL's dubbo.force.tag: 3.3 honours it, 2.7.23 only behind an empty attachment", () => {
    const forced = { consumer: `${CONSUMER}&dubbo.force.tag=true` };
    expect(route("3.x", [], { "dubbo.tag": "red" }, forced)).toBe("");
    expect(route("2.7", [], { "dubbo.tag": "red" }, forced)).toBe("AC");
    expect(route("2.7", [], { "dubbo.tag": "red", "dubbo.force.tag": "" }, forced)).toBe("");
  });
});
