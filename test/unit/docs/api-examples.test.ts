import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { addressDetailSchema, applicationDetailSchema, applicationsResponseSchema, serviceDetailSchema } from "@/lib/api/catalog-entities";
import { configRoutesResponseSchema } from "@/lib/api/routing/config-routes";
import { changeEventSchema } from "@/lib/api/events";
import { errorBodySchema } from "@/lib/api/error-body";
import { registryStatusResponseSchema } from "@/lib/api/registry-state";
import { createRouteBodySchema, deletedRouteSchema, replaceRouteBodySchema, routeSchema, routesResponseSchema } from "@/lib/api/routing/routes";
import { servicesResponseSchema } from "@/lib/api/services";
import { auditResponseSchema, rollbackBodySchema, rollbackResponseSchema, routeHistoryResponseSchema } from "@/lib/api/audit";
import { routeChangeDraft } from "@/server/governance/audit/route-audit";
import { sessionStateSchema, signInAnswerSchema } from "@/lib/api/session";
import { usersResponseSchema } from "@/lib/api/users";
import { routeNodeName } from "@/lib/dubbo/rules/route-url";
import { routeOf, serviceOfDir } from "@/server/governance/rules/condition/route-model";
import { idAmong, routeNodes } from "@/server/governance/rules/condition/route-lookup";
import { formatConditionRouterYaml, parseConditionRouterYaml } from "@/lib/dubbo/rules/condition-router-yaml";
import { routeConfigKey } from "@/lib/api/routing/config-route-change";
import { ruleNodePath } from "@/lib/dubbo/rules/config-rule-key";
import { configRuleReaders } from "@/lib/dubbo/rules/rule-copies";
import { invokeIssuesSchema, invokeRequestSchema, invokeResponseSchema } from "@/lib/api/invoke";
import { routePreviewBodySchema, routePreviewResponseSchema } from "@/lib/api/routing/route-preview";
import { parseConditionRule } from "@/lib/routing/parse/condition-rule";
import { previewRoute } from "@/server/governance/preview/route-preview";
import { exampleSources } from "./route-preview-example";
import { configPreviewBodySchema, configsResponseSchema, createConfigBodySchema, draftOfBody, providerOfflineBodySchema, providerWeightBodySchema } from "@/lib/api/overrides/configs";
import { javaUrlEncode } from "@/lib/dubbo/url";
import { planConfig } from "@/server/governance/rules/override/config-plan";
import { listConfigs } from "@/server/governance/rules/override/config-list";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const apiDoc = readFileSync(join(ROOT, "docs", "api.md"), "utf8");

/** The first ```json block of the section of docs/api.md that starts with `heading`. */
function example(heading: string): unknown {
  return examples(heading)[0];
}

/** Every ```json block of the section of docs/api.md that starts with `heading`, up to the next section. */
function examples(heading: string): unknown[] {
  const start = apiDoc.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no section ${heading}`);
  const next = apiDoc.indexOf("\n## ", start + heading.length + 1);
  const section = apiDoc.slice(start, next < 0 ? undefined : next);
  const blocks = [...section.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => JSON.parse(m[1]!) as unknown);
  if (blocks.length === 0) throw new Error(`no JSON example under ${heading}`);
  return blocks;
}

const demoScript = readFileSync(join(ROOT, "scripts", "demo.ts"), "utf8");
/** The applications `npm run demo` starts, read from scripts/demo.ts: providers (`app: "…"`) and consumers (`consumer("2.7", "…")`). */
const demoApps = new Set([...demoScript.matchAll(/app: "([^"]+)"|consumer\("[\d.]+", "([^"]+)"\)/g)].map((m) => m[1] ?? m[2]));

describe("the examples of docs/api.md", () => {
  it("shows GET /api/v1/configs as the store lists what the POST and offline examples write", () => {
    const [list, create, offline, weight] = examples("## Configs");
    const body = configsResponseSchema.parse(list);
    const draft = draftOfBody(createConfigBodySchema.parse(create));
    const off = providerOfflineBodySchema.parse(offline);
    expect(providerWeightBodySchema.parse(weight).weight).toBe(900);
    const dir = javaUrlEncode(off.service);
    const key = `${off.service}::`;
    const first = planConfig({ dir, children: [], key, center: null }, { removeNodes: [], draft, targets: ["registry", "center"] });
    const offlineDraft = { scope: "service" as const, service: off.service, group: "", version: "", side: "consumer" as const, providerAddresses: [off.address], parameters: { disabled: "true" }, enabled: true };
    const second = planConfig({ dir, children: first.children, key, center: first.center }, { removeNodes: [], draft: offlineDraft, targets: ["registry", "center"] });
    const listed = listConfigs({ index: 0, source: body.configs[0]!.registry, registry: new Map([[dir, second.children]]), center: new Map([[key, second.center!]]) });
    expect(body).toEqual({ configs: listed.configs.map((c) => c.config), unreadable: [] });
    expect(apiDoc).toContain(second.center!.trimEnd());
  });

  it("shows GET /api/v1/services in the shape the schema accepts, with applications the demo runs", () => {
    const body = servicesResponseSchema.parse(example("## GET /api/v1/services"));
    expect(demoApps.size).toBeGreaterThan(0);
    for (const service of body.services) expect(service.applications.filter((a) => !demoApps.has(a))).toEqual([]);
  });

  const notInDemo = (apps: readonly string[]) => apps.filter((a) => !demoApps.has(a));

  it("shows GET /api/v1/service in the shape the schema accepts, with applications the demo runs", () => {
    const body = serviceDetailSchema.parse(example("## GET /api/v1/service"));
    expect(notInDemo([...body.providers, ...body.consumers].map((p) => p.application))).toEqual([]);
    expect(body.providers.map((p) => p.source).sort()).toEqual(["instance", "interface"]);
    for (const p of body.providers) expect(p.url.startsWith(`${p.protocol}://${p.address}/${body.interface}?`)).toBe(true);
  });

  it("shows GET /api/v1/applications with every application the demo runs, consumer-only ones included", () => {
    const body = applicationsResponseSchema.parse(example("## GET /api/v1/applications"));
    expect(body.applications.map((a) => a.name).sort()).toEqual([...demoApps].sort());
    expect(body.applications.filter((a) => a.provides === 0).length).toBeGreaterThan(0);
  });

  it("shows GET /api/v1/application and /address in the shapes the schemas accept, with applications the demo runs", () => {
    const app = applicationDetailSchema.parse(example("## GET /api/v1/application"));
    const address = addressDetailSchema.parse(example("## GET /api/v1/address"));
    expect(notInDemo([app.name, ...app.instances.map((i) => i.application), ...address.applications])).toEqual([]);
  });

  it("shows an event of GET /api/v1/events in the shape the schema accepts", () => {
    expect(() => changeEventSchema.parse(example("## GET /api/v1/events"))).not.toThrow();
  });

  it("shows GET /api/v1/config-routes in the shape the schema accepts, its YAML read as its rule, with consumers the demo runs", () => {
    const body = configRoutesResponseSchema.parse(example("### GET /api/v1/config-routes"));
    expect(body.routes.length).toBeGreaterThan(0);
    for (const route of body.routes) {
      const read = parseConditionRouterYaml(route.yaml);
      expect(read.type === "rule" ? read.rule : read.problem).toEqual(route.rule ?? route.problem);
      expect(route.node).toBe(ruleNodePath("/dubbo", route.key));
      expect(route.readers).toBe(configRuleReaders(route.scope, route.rule?.format ?? "v3.0"));
      expect(notInDemo(route.consumers.map((c) => c.application))).toEqual([]);
    }
  });

  it("shows GET /api/v1/registry in the shape the schema accepts", () => {
    expect(() => registryStatusResponseSchema.parse(example("## GET /api/v1/registry"))).not.toThrow();
  });

  describe("of routes", () => {
    /**
     * The route the code itself makes of a node the example shows, among `siblings` (the
     * nodes of its directory, its id depending on them as in the store): its id, revision,
     * origin and url must agree.
     */
    const asTheCodeReadsIt = (node: string, siblings: readonly string[] = [node], present = false) => {
      const [, root, dir, , name] = /^(\/[^/]+)\/([^/]+)\/(routers)\/(.+)$/.exec(node)!;
      const nodes = routeNodes(siblings.map((n) => n.slice(n.lastIndexOf("/") + 1)), serviceOfDir(dir!));
      return routeOf({ index: 0, registry: "zookeeper://127.0.0.1:2181", root: root!, dir: dir! }, name!, present, idAmong(0, dir!, nodes.find((n) => n.node === name)!, nodes));
    };
    const listed = routesResponseSchema.parse(example("## GET /api/v1/routes")).routes;

    it("lists routes as the code reads their nodes, one in the console's shape and one Dubbo Admin copy", () => {
      for (const route of listed) expect(route).toEqual(asTheCodeReadsIt(route.node, listed.map((r) => r.node)));
      expect(listed.map((r) => r.origin.writer)).toEqual(["dubbo-admin", "console"]);
    });

    it("creates with POST exactly the node of the route listed", () => {
      const { service, group, version, name, rule, priority, force, runtime, enabled } = createRouteBodySchema.parse(example("## POST /api/v1/routes"));
      const node = routeNodeName({ service, group, version, name, rule, priority, force, runtime, enabled });
      expect(listed[1]!.node.endsWith(`/routers/${node}`)).toBe(true);
    });

    it("creates with POST and both targets the very route shown, and the config-center rule shown", () => {
      const [, request, answer] = examples("## POST /api/v1/routes");
      const { service, group, version, name, rule, priority, force, runtime, enabled, targets } = createRouteBodySchema.parse(request);
      expect(targets).toEqual(["registry", "config-center"]);
      const node = routeNodeName({ service, group, version, name, rule, priority, force, runtime, enabled, configCenter: true });
      const saved = routeSchema.parse(answer);
      expect(saved.node.endsWith(`/routers/${node}`)).toBe(true);
      expect(saved).toEqual(asTheCodeReadsIt(saved.node, [...listed.map((r) => r.node), saved.node], true));
      const section = apiDoc.slice(apiDoc.indexOf("\n## POST /api/v1/routes\n"), apiDoc.indexOf("\n## PUT /api/v1/routes/{id}\n"));
      const yaml = /```yaml\n([\s\S]*?)```/.exec(section)![1];
      expect(yaml).toBe(formatConditionRouterYaml({ scope: "service", key: routeConfigKey(saved), enabled: true, force, runtime, priority, conditions: [rule] }));
      expect(section).toContain(ruleNodePath("/dubbo", routeConfigKey(saved)));
    });

    it("edits with PUT from the listed revision to the route shown, and shows a conflict in the error shape", () => {
      const [request, answer, conflict] = examples("## PUT /api/v1/routes/{id}");
      const { revision, ...changes } = replaceRouteBodySchema.parse(request);
      expect(revision).toBe(listed[1]!.revision);
      const saved = routeSchema.parse(answer);
      expect(saved).toMatchObject(changes);
      expect(saved).toEqual(asTheCodeReadsIt(saved.node, [listed[0]!.node, saved.node]));
      // A named route keeps its id across the edit; the revision changes.
      expect([saved.id, saved.revision === listed[1]!.revision]).toEqual([listed[1]!.id, false]);
      const error = errorBodySchema.parse(conflict).error;
      expect([error.code, error.id, error.revision]).toEqual(["conflict", listed[1]!.id, saved.revision]);
      const deleted = deletedRouteSchema.parse(example("## DELETE /api/v1/routes/{id}?revision="));
      expect([deleted.id, deleted.node]).toEqual([saved.id, saved.node]);
    });

    it("shows the audit entry of that very edit, as the code records it, in the trail and the route's history, and its rollback", () => {
      const edited = routeSchema.parse(examples("## PUT /api/v1/routes/{id}")[1]);
      const page = auditResponseSchema.parse(example("## GET /api/v1/audit"));
      const entry = page.entries[0]!;
      const { id, ...draft } = entry;
      expect(draft).toEqual(routeChangeDraft(entry.actor, listed[1]!, edited, undefined, entry.at));
      expect([entry.kind, page.nextCursor]).toEqual(["route.edit", null]);
      expect(routeHistoryResponseSchema.parse(example("## GET /api/v1/routes/{id}/history")).entries).toEqual([entry]);
      const [body, answer, conflict] = examples("## POST /api/v1/routes/{id}/rollback");
      expect(rollbackBodySchema.parse(body).auditId).toBe(id);
      expect(rollbackResponseSchema.parse(answer).route).toEqual(listed[1]);
      const error = errorBodySchema.parse(conflict).error;
      expect([error.code, error.auditId]).toEqual(["conflict", id]);
    });
  });

  it("shows POST /api/v1/routes/preview with a request the schema accepts and the very answer the console gives it", async () => {
    const [request, answer] = examples("## POST /api/v1/routes/preview");
    const body = routePreviewBodySchema.parse(request);
    expect(routePreviewResponseSchema.parse(answer)).toEqual(answer);
    expect(JSON.parse(JSON.stringify(await previewRoute(body, exampleSources)))).toEqual(answer);
    expect(notInDemo([...(answer as { impact: { consumers: { application: string }[] } }).impact.consumers.map((c) => c.application)])).toEqual([]);
  });

  it("quotes the invalid_rule answer of POST /api/v1/routes/preview as the engine words it", () => {
    const quoted = /for `([^`]+)`: `(\{"error":\{"code":"invalid_rule"[^`]+)`/.exec(apiDoc.slice(apiDoc.indexOf("## POST /api/v1/routes/preview")));
    expect(quoted).not.toBeNull();
    const error = (() => {
      try {
        parseConditionRule(quoted![1]!, "2.7");
      } catch (e) {
        return e as { message: string; offset: number };
      }
      throw new Error("the quoted rule parses");
    })();
    expect(JSON.parse(quoted![2]!)).toEqual({ error: { code: "invalid_rule", message: error.message, offset: error.offset } });
  });
});

describe("the examples of POST /api/v1/invoke", () => {
  it("show a request, a value, a thrown exception and an error in the shapes the schemas accept", () => {
    const [request, value, thrown, error] = examples("## POST /api/v1/invoke");
    expect(invokeRequestSchema.parse(request)).toEqual(request);
    expect(invokeResponseSchema.parse(value)).toMatchObject({ ok: true });
    expect(invokeResponseSchema.parse(thrown)).toMatchObject({ ok: false, error: { code: "business_exception" } });
    const body = errorBodySchema.parse(error);
    expect(body.error.code).toBe("invalid_arguments");
    expect(invokeIssuesSchema.parse(body.error.issues)).toEqual([{ path: "args.0.address.zip", message: '"ten" is not a whole number (int)' }]);
  });
});

describe("docs/api.md's users example", () => {
  it("matches the users contract, names the environment's token last and shows no hash", () => {
    const body = usersResponseSchema.parse(example("## GET /api/v1/users"));
    expect(body.tokens.at(-1)).toEqual({ name: "env-token", role: "admin" });
    expect(JSON.stringify(body)).not.toMatch(/password|hash|argon2/);
  });
});

describe("docs/api.md's session examples", () => {
  it("match the session contract", () => {
    const [signedIn, state] = examples("## /api/v1/session");
    expect(signInAnswerSchema.parse(signedIn).user.via).toBe("session");
    expect(sessionStateSchema.parse(state).auth).toBe("on");
  });
});

describe("POST /api/v1/configs/preview in docs/api.md", () => {
  it("shows a body the schema accepts, naming a draft and a consumer described by hand", () => {
    const body = configPreviewBodySchema.parse(example("### POST /api/v1/configs/preview"));
    expect(body.config).toMatchObject({ scope: "service", parameters: { weight: "900" } });
    expect(body.consumer?.release).toBe("3.3.6");
  });
});
