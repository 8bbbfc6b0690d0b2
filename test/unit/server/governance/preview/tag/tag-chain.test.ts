import { describe, expect, it } from "vitest";
import type { Consumer } from "@/lib/api/catalog-entities";
import { tagPreviewBodySchema, tagPreviewResponseSchema } from "@/lib/api/tag-route-preview";
import type { Config } from "@/lib/api/overrides/configs";
import type { PlannedRoute } from "@/server/governance/preview/route-chain-answer";
import { tagOverrideNotes } from "@/server/governance/preview/tag/tag-preview-request";
import type { TagChainRoutes } from "@/server/governance/preview/tag/tag-chain";
import { previewTagRoute, type TagPreviewSources } from "@/server/governance/preview/tag/tag-preview";

/**
 * The tag preview with the service's condition routes around the tag router, in Dubbo's
 * order (docs/tag-routing.md §6). Expected values worked out by hand from 2.7.23
 * RouterChain (one priority sort: a registry route below 100 before TagRouter, ServiceRouter
 * at 140 after it) and 3.3 (tag state router first, then the config-center conditions).
 */

const SERVICE = "org.demo.Greeting";
const provider = (host: string) => `dubbo://${host}:20880/${SERVICE}?application=greeting-app&interface=${SERVICE}&side=provider`;
// A is the gray provider the tag rule names.
const PROVIDERS = [provider("10.0.0.1"), provider("10.0.0.2"), provider("10.0.0.3")];
const consumer = (host: string, release: string): Consumer => ({
  url: `consumer://${host}/${SERVICE}?application=shop&interface=${SERVICE}&release=${release}&side=consumer`,
  address: host,
  host,
  application: "shop",
  release,
  registry: "zookeeper://127.0.0.1:2181",
  parameters: { application: "shop", interface: SERVICE, release, side: "consumer" },
});
const C27 = consumer("10.1.0.1", "2.7.23");
const C33 = consumer("10.1.0.2", "3.3.6");
const GRAY = 'configVersion: v3.0\nforce: false\ntags:\n  - name: gray\n    addresses: ["10.0.0.1:20880"]\n';
const route = (name: string, rule: string, priority: number, force = false): PlannedRoute => ({ id: name, name, rule, priority, force, draft: false });

function sources(routes: TagChainRoutes | undefined): TagPreviewSources {
  return {
    services: () => [{ key: SERVICE, providers: PROVIDERS, providerApplications: ["greeting-app"], consumers: [C27, C33], ...(routes !== undefined ? { routes } : {}) }],
    currentRule: () => null,
  };
}
const preview = (routes: TagChainRoutes | undefined) => tagPreviewResponseSchema.parse(previewTagRoute(tagPreviewBodySchema.parse({ application: "greeting-app", yaml: GRAY }), sources(routes)));
const request = (answer: ReturnType<typeof preview>, address: string, tag: string | null) => answer.services[0]!.consumers.find((c) => c.address === address)!.requests.find((r) => r.tag === tag)!;

describe("tag preview with the condition routes around the tag router", () => {
  const noGray = route("no-gray", "=> host != 10.0.0.1", 0);

  it("2.7.23 runs a registry route of priority 0 before the tag router; 3.3 runs the config-center copy after it", () => {
    const answer = preview({ registry: [noGray], configCenter: [noGray] });
    // 2.7.23, gray: the route leaves B and C; the tag's providers are gone, so it fails over to them; ServiceRouter keeps both.
    const g27 = request(answer, "10.1.0.1", "gray").after;
    expect(g27).toMatchObject({ path: "failover", providers: { total: 2, addresses: ["10.0.0.2:20880", "10.0.0.3:20880"] } });
    expect(g27.conditions.map((c) => [c.name, c.copy, c.at, c.priority, c.input, c.output, c.outcome])).toEqual([
      ["no-gray", "registry", "before-tag", 0, 3, 2, "filtered"],
      ["no-gray", "config-center", "after-tag", 140, 2, 2, "filtered"],
    ]);
    expect(g27.reason).toMatch(/^First \(below the tag router's priority 100\) registry route "no-gray" \(priority 0\) keeps 2 of 3; then the tag router: /);
    // 3.3.6, gray: the tag router picks A; the condition would leave none and, not forced, returns A.
    const g33 = request(answer, "10.1.0.2", "gray").after;
    expect(g33).toMatchObject({ path: "dynamic", providers: { total: 1, addresses: ["10.0.0.1:20880"] } });
    expect(g33.conditions.map((c) => [c.copy, c.at, c.input, c.output, c.outcome])).toEqual([["config-center", "after-tag", 1, 1, "empty-fallback"]]);
    expect(g33.reason).toContain('after it config-center condition "no-gray" (ServiceRouter, 140) would leave none and, not forced, keeps its 1');
    // Untagged calls: both end on B and C.
    for (const address of ["10.1.0.1", "10.1.0.2"]) expect(request(answer, address, null).after.providers.addresses).toEqual(["10.0.0.2:20880", "10.0.0.3:20880"]);
  });

  it("a forced condition after the tag router leaves a 3.3 gray call with nothing, and the preview says the consumer is stranded", () => {
    const forced = route("no-gray", "=> host != 10.0.0.1", 0, true);
    const answer = preview({ registry: [forced], configCenter: [forced] });
    expect(request(answer, "10.1.0.2", "gray").after).toMatchObject({ path: "dynamic", providers: { total: 0 } });
    expect(request(answer, "10.1.0.2", "gray").after.conditions[0]).toMatchObject({ outcome: "empty-forced", output: 0 });
    expect(request(answer, "10.1.0.1", "gray").after.providers.total).toBe(2);
    expect(answer.impact.stranded).toEqual([{ service: SERVICE, application: "shop", address: "10.1.0.2", tag: "gray" }]);
  });

  it("a registry route of priority 100 or more runs after the 2.7 tag router", () => {
    const late = route("late", "=> host != 10.0.0.1", 120);
    const answer = preview({ registry: [late], configCenter: [] });
    const g27 = request(answer, "10.1.0.1", "gray").after;
    expect(g27).toMatchObject({ path: "dynamic", providers: { total: 1, addresses: ["10.0.0.1:20880"] } });
    expect(g27.conditions.map((c) => [c.at, c.input, c.output, c.outcome])).toEqual([["after-tag", 1, 1, "empty-fallback"]]);
    // 3.3.6 ignores registry routes: no condition step at all.
    expect(request(answer, "10.1.0.2", "gray").after.conditions).toEqual([]);
  });

  it("a when side splits consumers that were alike into rows of their own", () => {
    const onlyShop27 = route("host-only", "host = 10.1.0.1 => host = 10.0.0.3", 0);
    const twin = consumer("10.1.0.9", "2.7.23");
    const answer = tagPreviewResponseSchema.parse(
      previewTagRoute(tagPreviewBodySchema.parse({ application: "greeting-app", yaml: GRAY }), {
        services: () => [{ key: SERVICE, providers: PROVIDERS, providerApplications: ["greeting-app"], consumers: [C27, twin], routes: { registry: [onlyShop27], configCenter: [] } }],
        currentRule: () => null,
      }),
    );
    const rows = answer.services[0]!.consumers;
    expect(rows.map((r) => [r.address, r.alike])).toEqual([
      ["10.1.0.1", []],
      ["10.1.0.9", []],
    ]);
    expect(request(answer, "10.1.0.1", null).after.providers.addresses).toEqual(["10.0.0.3:20880"]);
    expect(request(answer, "10.1.0.9", null).after.providers.addresses).toEqual(["10.0.0.2:20880", "10.0.0.3:20880"]);
  });

  it("without saved routes the answer is the tag router's alone, with no condition step", () => {
    const answer = preview(undefined);
    expect(request(answer, "10.1.0.1", "gray").after).toMatchObject({ path: "dynamic", conditions: [], providers: { addresses: ["10.0.0.1:20880"] } });
  });
});

describe("overrides that set dubbo.tag", () => {
  const config = (over: Partial<Config>): Config => ({
    id: "cfg",
    registry: "zookeeper://127.0.0.1:2181",
    scope: "service",
    key: `${SERVICE}::`,
    service: SERVICE,
    group: "",
    version: "",
    side: "consumer",
    addresses: [],
    providerAddresses: ["10.0.0.2:20880"],
    applications: [],
    services: [],
    parameters: { "dubbo.tag": "gray" },
    enabled: true,
    targets: ["center"],
    origin: "console",
    readOnly: null,
    revision: "r",
    ...over,
  }) as Config;
  const services = [{ key: SERVICE, providers: PROVIDERS, providerApplications: ["greeting-app"], consumers: [C27, C33] }];

  it("are named in the notes when they reach the service, the provider application or a consumer's", () => {
    const notes = tagOverrideNotes([config({}), config({ id: "app", scope: "application", key: "shop", application: "shop", service: undefined, providerAddresses: [] })], "greeting-app", services);
    expect(notes).toEqual([
      `Override cfg (consumer side, service ${SERVICE}::) sets dubbo.tag="gray" on providers 10.0.0.2:20880: consumers read that as the providers' static tag, which this preview does not apply (it reads the tag each provider registered)`,
      `Override app (consumer side, application shop) sets dubbo.tag="gray" on every provider: consumers read that as the providers' static tag, which this preview does not apply (it reads the tag each provider registered)`,
    ]);
  });

  it("are not named when disabled, of another service or application, or not setting dubbo.tag", () => {
    const notes = tagOverrideNotes(
      [config({ enabled: false }), config({ service: "org.demo.Other" }), config({ scope: "application", application: "elsewhere", service: undefined }), config({ parameters: { weight: "10" } })],
      "greeting-app",
      services,
    );
    expect(notes).toEqual([]);
  });
});
