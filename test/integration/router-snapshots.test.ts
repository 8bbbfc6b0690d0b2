import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as routeById from "@/app/api/v1/routes/[id]/route";
import * as routes from "@/app/api/v1/routes/route";
import * as snapshots from "@/app/api/v1/router-snapshots/route";
import { type ConsumerSnapshot, routerSnapshotsResponseSchema } from "@/lib/api/router-snapshots";
import { routeSchema } from "@/lib/api/routing/routes";
import { parseConfig } from "@/server/runtime/config";
import { type Engine, findEngine, startEngine } from "@/server/runtime/engine";
import { type ConsumerHandle, DEMO, type ProviderHandle, startConsumer, startProvider } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";

/**
 * Issue 18 part 2 (Done when: "the consumers' router snapshots agree with the preview"): a
 * real Dubbo 3.3.6 consumer with QoS at its own loopback host, calling three real 3.3.6
 * providers, is asked by the console what its router chain left its latest call
 * (enableRouterSnapshot, getRecentRouterSnapshot): all three, as the console predicts; after a
 * condition route excluding one is saved (both copies), two, as predicted; the route deleted,
 * three again. A 2.7.23 consumer of the same service has no router snapshot, and says so.
 */

const rig = inject("rig");
const VERSION = "18.4.0";
const KEY = `${DEMO.greeting.interface}:${VERSION}`;
const HOSTS = ["127.0.0.171", "127.0.0.172", "127.0.0.173"];
const CONSUMER_HOST = "127.0.0.177";

let engine: Engine;
let providers: ProviderHandle[] = [];
let consumer33: ConsumerHandle;
let consumer27: ConsumerHandle;

type Handler = (request: Request) => Promise<Response>;
async function call(handler: Handler, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const init: RequestInit = body === undefined ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const res = await handler(new Request(`http://console${path}`, init));
  return { status: res.status, json: await res.json().catch(() => null) };
}

/** The 3.3 consumer's row, asked until it is `state` with `total` providers in the snapshot. */
async function snapshotUntil(state: ConsumerSnapshot["state"], total: number): Promise<ConsumerSnapshot> {
  return waitFor(`the 3.3 consumer's snapshot ${state} with ${total} providers`, async () => {
    const answer = await call(snapshots.GET, "GET", `/api/v1/router-snapshots?service=${DEMO.greeting.interface}&version=${VERSION}`);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const row = routerSnapshotsResponseSchema.parse(answer.json).consumers.find((c) => c.address === CONSUMER_HOST);
    return row?.state === state && row.snapshot?.providers.total === total ? row : undefined;
  }, 20_000);
}

beforeAll(async () => {
  engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error" }));
  await waitFor("the console's first full read", () => engine.registries[0]!.usable);
  providers = await Promise.all(HOSTS.map((host) => startProvider({ line: "3.3", registry: rig.zkAddress, host, app: "snap-provider", services: ["greeting"], greetingVersion: VERSION })));
  [consumer33, consumer27] = await Promise.all([
    startConsumer({ line: "3.3", registry: rig.zkAddress, app: "snap-consumer-33", version: VERSION, intervalMs: 100, qosPort: 22222, host: CONSUMER_HOST }),
    startConsumer({ line: "2.7", registry: rig.zkAddress, app: "snap-consumer-27", version: VERSION, intervalMs: 500 }),
  ]);
  await waitFor("three providers and two consumers in the catalog", () => engine.catalog.entry(KEY)?.providers.length === 3 && engine.catalog.entry(KEY)?.consumers.length === 2, 30_000);
}, 120_000);

afterAll(async () => {
  findEngine()?.close();
  await Promise.all([...providers.map((p) => p.stop()), consumer33?.stop(), consumer27?.stop()]);
});

describe("router snapshots of a real 3.3.6 consumer beside the console's prediction", () => {
  it("agrees before, with and after a route that excludes one provider", async () => {
    const all = providers.map((p) => p.address).sort();
    const before = await snapshotUntil("agrees", 3);
    expect([...before.snapshot!.providers.addresses].sort()).toEqual(all);
    expect(before.predicted).toEqual({ total: 3, addresses: expect.arrayContaining(all), truncated: false });
    expect(before.qos).toBe(`${CONSUMER_HOST}:22222`);
    expect(before.snapshot!.routers.map((r) => r.name)).toContain("ServiceStateRouter");

    const saved = await call(routes.POST, "POST", "/api/v1/routes", { service: DEMO.greeting.interface, version: VERSION, name: "not-171", rule: `=> host != ${HOSTS[0]}`, targets: ["registry", "config-center"] });
    expect(saved.status, JSON.stringify(saved.json)).toBe(201);
    const route = routeSchema.parse(saved.json);
    const during = await snapshotUntil("agrees", 2);
    const kept = providers.filter((p) => p.host !== HOSTS[0]).map((p) => p.address).sort();
    expect([...during.snapshot!.providers.addresses].sort()).toEqual(kept);
    expect([...during.predicted!.addresses].sort()).toEqual(kept);
    expect(during.snapshot!.routers.find((r) => r.name === "ServiceStateRouter")?.output).toBe(2);
    // The real consumer's calls after that went to the two kept providers only.
    const from = consumer33.servedBy().length;
    await waitFor("20 more calls", () => consumer33.servedBy().length >= from + 20, 20_000);
    expect(new Set(consumer33.servedBy().slice(from))).toEqual(new Set(kept));

    const gone = await call(routeById.DELETE, "DELETE", `/api/v1/routes/${encodeURIComponent(route.id)}?revision=${encodeURIComponent(route.revision)}`);
    expect(gone.status, JSON.stringify(gone.json)).toBe(200);
    await snapshotUntil("agrees", 3);
  });

  it("says a 2.7.23 consumer has no router snapshot, and answers 404 for a service not registered", async () => {
    // Asks are limited per user (the polls above spent the burst): asked until answered.
    const answer = routerSnapshotsResponseSchema.parse(await waitFor("an answer past the rate limit", async () => {
      const res = await call(snapshots.GET, "GET", `/api/v1/router-snapshots?service=${DEMO.greeting.interface}&version=${VERSION}`);
      return res.status === 200 ? res.json : res.status === 429 ? undefined : expect.fail(`status ${res.status}: ${JSON.stringify(res.json)}`);
    }));
    const old = answer.consumers.find((c) => c.release.startsWith("2.7"));
    expect(old).toMatchObject({ application: "snap-consumer-27", state: "unsupported", qos: null, snapshot: null });
    expect(old!.reason).toContain("Dubbo 3 only");
    const missing = await call(snapshots.GET, "GET", `/api/v1/router-snapshots?service=no.such.Service`);
    expect(missing.status).toBe(404);
    const bad = await call(snapshots.GET, "GET", `/api/v1/router-snapshots?version=1`);
    expect(bad.status).toBe(400);
  });
});
