import { describe, expect, it } from "vitest";
import { parseDubboUrl } from "@/lib/dubbo/url";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import type { ChainRoute } from "@/lib/routing/evaluate/route-chain";
import { parseTagRule, type TagRule } from "@/lib/tag/tag-rule";
import { ClusterInvoker } from "@/server/cluster/cluster-invoker";
import { ConfigCenterTagRules } from "@/server/cluster/config-center-tag-rules";
import type { Routing } from "@/server/cluster/directory/directory";
import { RegistryDirectory } from "@/server/cluster/directory/registry-directory";
import { routesAroundTag } from "@/server/cluster/directory/tag-route-step";
import { FakeInvoker, invocation, testEnv, VALUE } from "../fakes";

const IFACE = "com.foo.DemoService";
const SERVICE = { interface: IFACE, group: "", version: "" };
const provider = (host: string, extra = "", app = "shop") => `dubbo://${host}:20880/${IFACE}?application=${app}&interface=${IFACE}&methods=sayHello${extra}`;
/** A untagged, B static gray, C untagged (the rule's gray address), D static old. */
const A = provider("10.0.0.1");
const B = provider("10.0.0.2", "&dubbo.tag=gray");
const C = provider("10.0.0.3");
const D = provider("10.0.0.4", "&dubbo.tag=old");
const ALL = [A, B, C, D];

/** `shop`'s rule: gray is 10.0.0.3 (a plain ip:port matches a non-loopback IPv4 host). */
const rule = (addresses = '["10.0.0.3:20880"]', force = false) => `configVersion: v3.0
force: ${force}
enabled: true
key: shop
tags:
  - name: gray
    addresses: ${addresses}
`;

interface Setup {
  readonly dialect?: DubboRelease;
  /** The rule text held, and whose application it is (default shop). */
  readonly rule?: string;
  readonly ruleApp?: string;
  readonly routes?: ChainRoute[];
  readonly providers?: string[];
}

function directoryOf(setup: Setup = {}) {
  const dialect = setup.dialect ?? "3.x";
  const held: TagRule | null = setup.rule === undefined ? null : parseTagRule(setup.rule, dialect);
  const ruleApp = setup.ruleApp ?? "shop";
  return new RegistryDirectory({
    consumer: { host: "10.9.9.9", service: SERVICE },
    dialect,
    snapshot: () => ({ providers: (setup.providers ?? ALL).map((text) => ({ text, url: parseDubboUrl(text) })), configurators: [], routes: setup.routes ?? [] }),
    createInvoker: (url) => Object.assign(new FakeInvoker(`${url.host}:${url.port}`, "", VALUE(url.host)), { url }),
    tagRule: (application) => (application === ruleApp ? held : null),
  });
}

/** The hosts' last digits a listing keeps, and the tag router's report. */
function listed(setup: Setup, attachments: Record<string, string> = {}) {
  let routing: Routing | null = null;
  const directory = directoryOf(setup);
  const kept = directory.list(invocation("sayHello", ["x"], ["java.lang.String"], attachments), (r) => void (routing = r));
  return { kept: kept.map((i) => i.address.split(":")[0]!.split(".").pop()).join(","), routing: routing as Routing | null, directory };
}

const GRAY = { "dubbo.tag": "gray" };
const BLUE = { "dubbo.tag": "blue" };
const FORCED_BLUE = { "dubbo.tag": "blue", "dubbo.force.tag": "true" };

describe("the tag router in the console's router chain", () => {
  const cases: { name: string; setup: Setup; attachments?: Record<string, string>; kept: string; path: string; rule: string | null }[] = [
    { name: "no rule, no tag: only the providers without a static tag", setup: {}, kept: "1,3", path: "static", rule: null },
    { name: "no rule, tag gray: the providers whose static tag is gray", setup: {}, attachments: GRAY, kept: "2", path: "static", rule: null },
    { name: "no rule, a tag no provider has: falls back to the untagged ones", setup: {}, attachments: BLUE, kept: "1,3", path: "static", rule: null },
    { name: "no rule, a tag no provider has, forced: none", setup: {}, attachments: FORCED_BLUE, kept: "", path: "static", rule: null },
    { name: "a rule, tag gray: the rule's gray address only (dynamic; B's static gray does not count)", setup: { rule: rule() }, attachments: GRAY, kept: "3", path: "dynamic", rule: "shop" },
    { name: "a rule, no tag (3.3): providers in no address of the rule and without a static tag", setup: { rule: rule() }, kept: "1", path: "untagged", rule: "shop" },
    { name: "a rule, no tag (2.7.23): also those whose static tag the rule does not name", setup: { rule: rule(), dialect: "2.7" }, kept: "1,4", path: "untagged", rule: "shop" },
    { name: "a rule, a tag it does not hold and no provider has: failover to the untagged outside the rule", setup: { rule: rule() }, attachments: BLUE, kept: "1", path: "failover", rule: "shop" },
    { name: "a rule, a tag it does not hold, forced: none", setup: { rule: rule() }, attachments: FORCED_BLUE, kept: "", path: "static-in-rule", rule: "shop" },
    { name: "a rule, a tag it does not hold but a provider has statically: that provider", setup: { rule: rule() }, attachments: { "dubbo.tag": "old" }, kept: "4", path: "static-in-rule", rule: "shop" },
    { name: "a rule whose gray address matches nothing: failover to the untagged (C is in no address now)", setup: { rule: rule('["10.9.9.9:1"]') }, attachments: GRAY, kept: "1,3", path: "failover", rule: "shop" },
    { name: "a forced rule whose gray address matches nothing: none", setup: { rule: rule('["10.9.9.9:1"]', true) }, attachments: GRAY, kept: "", path: "dynamic", rule: "shop" },
    { name: "a rule for another application: as no rule", setup: { rule: rule(), ruleApp: "other" }, attachments: GRAY, kept: "2", path: "static", rule: null },
    { name: "the first provider's application decides: a rule of shop is not read for providers led by another app", setup: { rule: rule(), providers: [provider("10.0.0.5", "", "other"), ...ALL] }, attachments: GRAY, kept: "2", path: "static", rule: null },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { kept, routing } = listed(c.setup, c.attachments);
      expect(kept).toBe(c.kept);
      expect(routing?.tagRoute).toMatchObject({ path: c.path, rule: c.rule, tag: c.attachments?.["dubbo.tag"] ?? null, force: c.attachments?.["dubbo.force.tag"] === "true" });
    });
  }

  it("says in the no-provider message that the tag router left none, with the tag and the path", () => {
    const { kept, directory } = listed({ rule: rule() }, FORCED_BLUE);
    expect(kept).toBe("");
    expect(directory.whyEmpty()).toBe('the tag router left none of the 4 providers for tag "blue" (forced) (path static-in-rule, the tag rule of shop)');
  });

  it("runs after condition routes of priority under 100 and before the others, as 2.7.23's priority sort does", () => {
    // Forced: an unforced route that leaves none gives back what it was given.
    const notC = (priority: number): ChainRoute => ({ rule: "=> host != 10.0.0.3", priority, force: true });
    // Before: the route leaves A, B, D; gray's address is gone, so the failover keeps A.
    expect(listed({ rule: rule(), routes: [notC(0)] }, GRAY).kept).toBe("1");
    // After: the tag router keeps C, which the route then takes out.
    const late = listed({ rule: rule(), routes: [notC(150)] }, GRAY);
    expect(late.kept).toBe("");
    expect(late.directory.whyEmpty()).toBe("the routes left none of the 4 providers");
    expect(routesAroundTag([notC(0), notC(100), notC(99)], "2.7")).toEqual({ before: [notC(0), notC(99)], after: [notC(100)] });
    expect(routesAroundTag([notC(0)], "3.x")).toEqual({ before: [], after: [notC(0)] });
  });

  it("is not consulted when the routes before it leave nothing (no report)", () => {
    const { kept, routing } = listed({ rule: rule(), routes: [{ rule: "=> host = 10.1.1.1", force: true }] }, GRAY);
    expect(kept).toBe("");
    expect(routing?.tagRoute).toBeNull();
  });

  it("reports through the cluster's onRouted, and the call reaches the tagged provider", async () => {
    const directory = directoryOf({ rule: rule() });
    const reports: Routing[] = [];
    const result = await new ClusterInvoker(directory, testEnv()).invoke(invocation("sayHello", ["x"], ["java.lang.String"], GRAY), { onRouted: (r) => reports.push(r) });
    expect(result.outcome).toMatchObject({ type: "value", value: "10.0.0.3", provider: "10.0.0.3:20880" });
    expect(reports.map((r) => r.tagRoute)).toEqual([{ tag: "gray", force: false, path: "dynamic", rule: "shop", given: 4, kept: 1 }]);
  });

  it("reads a provider's static tag from its merged URL: the consumer's dubbo.tag never replaces it", () => {
    const directory = new RegistryDirectory({
      consumer: { host: "10.9.9.9", service: SERVICE, parameters: { "dubbo.tag": "gray" } },
      dialect: "3.x",
      snapshot: () => ({ providers: ALL.map((text) => ({ text, url: parseDubboUrl(text) })), configurators: [], routes: [] }),
      createInvoker: (url) => Object.assign(new FakeInvoker(`${url.host}:${url.port}`), { url }),
    });
    // The consumer URL's dubbo.tag is the request tag when no attachment gives one: B only.
    expect(directory.list(invocation()).map((i) => i.address)).toEqual(["10.0.0.2:20880"]);
  });
});

describe("the config-center tag rules a consumer holds", () => {
  const PATH = "/dubbo/config/dubbo/shop.tag-router";
  const recording = () => {
    const warnings: Record<string, unknown>[] = [];
    return { warnings, rules: new ConfigCenterTagRules("3.x", { warn: (_m: string, fields?: Record<string, unknown>) => void warnings.push(fields ?? {}) }) };
  };

  it("holds the rule of each application as read, and forgets it when the node is gone", () => {
    const { rules } = recording();
    expect(rules.rule("shop")).toBeNull();
    rules.update("shop", PATH, rule());
    expect(rules.rule("shop")?.tags?.map((t) => t.name)).toEqual(["gray"]);
    expect(rules.rule("other")).toBeNull();
    rules.update("shop", PATH, null);
    expect(rules.rule("shop")).toBeNull();
  });

  it("keeps the rule it holds when a text Java refuses replaces it, logging once per text with the node", () => {
    const { rules, warnings } = recording();
    rules.update("shop", PATH, rule());
    const held = rules.rule("shop");
    rules.update("shop", PATH, "tags: [\n");
    rules.update("shop", PATH, "tags: [\n");
    expect(rules.rule("shop")).toBe(held);
    expect(warnings).toEqual([expect.objectContaining({ node: PATH, release: "3.x" })]);
  });

  it("answers the same rule object for an unchanged text, and skips an empty node while it holds none", () => {
    const { rules, warnings } = recording();
    rules.update("shop", PATH, "");
    expect(rules.rule("shop")).toBeNull();
    rules.update("shop", PATH, rule());
    const first = rules.rule("shop");
    rules.update("shop", PATH, rule());
    expect(rules.rule("shop")).toBe(first);
    expect(warnings).toEqual([]);
  });
});
