import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as topologyRoute from "@/app/api/v1/topology/route";
import { topologyResponseSchema } from "@/lib/api/topology";
import { parseConfig } from "@/server/runtime/config";
import { type Engine, findEngine, startEngine } from "@/server/runtime/engine";
import { DEMO } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";

/**
 * Issue 18, the dependency graph's API on the rig's real registry: each real consumer
 * application consumes GreetingService and each real provider application provides it,
 * interface- and application-level registrations alike; focus and depth as documented;
 * bad queries are typed 400s and an unknown focus a 404.
 */
const rig = inject("rig");
const GREETING = `service:${DEMO.greeting.interface}`;
let engine: Engine;

async function get(query: string): Promise<{ status: number; json: unknown }> {
  const res = await topologyRoute.GET(new Request(`http://console/api/v1/topology${query}`));
  return { status: res.status, json: await res.json() };
}

beforeAll(async () => {
  engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error" }));
  await waitFor("the console's first full read", () => engine.registries[0]!.usable);
  await waitFor("every rig consumer in the catalog", () => rig.consumers.every((c) => engine.catalog.entry(DEMO.greeting.interface)?.consumers.some((x) => x.application === c.app)), 30_000);
  // The instance-level provider comes from the application-level discovery, which syncs after the first read.
  await waitFor("every rig provider in the catalog", () => rig.providers.every((p) => engine.catalog.entry(DEMO.greeting.interface)?.providers.some((x) => x.application === p.app)), 30_000);
});

afterAll(() => {
  findEngine()?.close();
});

describe("GET /api/v1/topology against the rig", () => {
  it("joins every real consumer application to GreetingService and the service to every provider application", async () => {
    const answer = await get(`?focus=${encodeURIComponent(GREETING)}&depth=1`);
    expect(answer.status).toBe(200);
    const g = topologyResponseSchema.parse(answer.json);
    expect(g.nodes[0]).toMatchObject({ id: GREETING, kind: "service", distance: 0 });
    const consumes = g.edges.filter((e) => e.kind === "consumes" && e.to === GREETING).map((e) => e.from).sort();
    const provides = g.edges.filter((e) => e.kind === "provides" && e.from === GREETING).map((e) => e.to).sort();
    // Other suites may register peers of GreetingService meanwhile: the rig's are all there, each edge once.
    expect(consumes).toEqual(expect.arrayContaining(rig.consumers.map((c) => `app:${c.app}`)));
    expect(provides).toEqual(expect.arrayContaining([...new Set(rig.providers.map((p) => `app:${p.app}`))]));
    expect(new Set(consumes).size).toBe(consumes.length);
    expect(new Set(provides).size).toBe(provides.length);
    expect(g.nodes.every((n) => n.distance !== null && n.distance <= 1)).toBe(true);
  });

  it("answers typed errors for bad queries", async () => {
    const bad = await get("?depth=0");
    expect(bad.status).toBe(400);
    const unknown = await get("?focus=app:no-such-app");
    expect(unknown.status).toBe(404);
  });
});
