import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { addressDetailSchema, applicationDetailSchema, applicationsResponseSchema, serviceDetailSchema } from "@/lib/api/catalog-entities";
import { changeEventSchema } from "@/lib/api/events";
import { registryStatusResponseSchema } from "@/lib/api/registry-state";
import { routePreviewBodySchema, routePreviewResponseSchema } from "@/lib/api/route-preview";
import { servicesResponseSchema } from "@/lib/api/services";
import { parseConditionRule } from "@/lib/routing/condition-rule";
import { previewRoute } from "@/server/governance/route-preview";
import { exampleSources } from "./route-preview-example";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const apiDoc = readFileSync(join(ROOT, "docs", "api.md"), "utf8");

/** The first ```json block of the section of docs/api.md that starts with `heading`. */
function example(heading: string): unknown {
  const section = apiDoc.slice(apiDoc.indexOf(`\n${heading}\n`));
  const block = /```json\n([\s\S]*?)\n```/.exec(section)?.[1];
  if (block === undefined) throw new Error(`no JSON example under ${heading}`);
  return JSON.parse(block);
}

/** Every ```json block of the section that starts with `heading`, up to the next section. */
function examples(heading: string): unknown[] {
  const start = apiDoc.indexOf(`\n${heading}\n`);
  const end = apiDoc.indexOf("\n## ", start + heading.length + 2);
  const section = apiDoc.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => JSON.parse(m[1]!));
}

const demoScript = readFileSync(join(ROOT, "scripts", "demo.ts"), "utf8");
/** The applications `npm run demo` starts, read from scripts/demo.ts: providers (`app: "…"`) and consumers (`consumer("2.7", "…")`). */
const demoApps = new Set([...demoScript.matchAll(/app: "([^"]+)"|consumer\("[\d.]+", "([^"]+)"\)/g)].map((m) => m[1] ?? m[2]));

describe("the examples of docs/api.md", () => {
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

  it("shows GET /api/v1/registry in the shape the schema accepts", () => {
    expect(() => registryStatusResponseSchema.parse(example("## GET /api/v1/registry"))).not.toThrow();
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
