import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as routeById from "@/app/api/v1/routes/[id]/route";
import * as routes from "@/app/api/v1/routes/route";
import * as preview from "@/app/api/v1/tag-routes/preview/route";
import { type Route, routeSchema } from "@/lib/api/routing/routes";
import { type TagPreviewResponse, tagPreviewResponseSchema } from "@/lib/api/tag-route-preview";
import { parseConfig } from "@/server/runtime/config";
import { findEngine, startEngine } from "@/server/runtime/engine";
import { DEMO, type ConsumerHandle, type DubboLine, type ProviderHandle, startConsumer, startProvider } from "../support/dubbo-peers";
import { type Behaviour, expectedShape, type Outcome, settled, shapeOf, tallyWindow } from "../support/tag-calls";
import { apiTagRuleWriter } from "../support/tag-rule-api";
import { zkTagRuleWriter } from "../support/tag-rule-zk";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * Issue 17, the tag preview's "whole chain with the condition routes in Dubbo's order",
 * against real consumers. Three 3.3.6 GreetingService providers of one application on
 * 127.0.0.181 (A, the rule's gray), .182 (B), .183 (C); a 2.7.23 and a 3.3.6 consumer, every
 * other call tagged `dubbo.tag=gray`. The tag rule names A gray (force false); then a
 * condition route `=> host != A` (not forced, priority 0) is saved through the console to both
 * copies. The two releases place it differently around the tag router:
 * - 2.7.23 sorts every router by priority: the registry route (0) runs BEFORE TagRouter
 *   (100), so A is gone when the tag router looks; gray names no provider it holds, and with
 *   no force it fails over to B and C (ServiceRouter's copy at 140 keeps them);
 * - 3.3.6 runs the tag state router first: gray picks A; the config-center condition would
 *   leave none and, not forced, returns A. Tagged calls stay on A.
 * The test asks the console's tag preview first and holds the real calls to what it said
 * (and the preview to the hand-worked answer above); deleting the route gives back the
 * tag rule's own behaviour.
 */

const rig = inject("rig");
const APP = "tag-chain-provider";
const VERSION = "17.1.0";
const HOST = { a: "127.0.0.181", b: "127.0.0.182", c: "127.0.0.183" } as const;
const INTERVAL_MS = 25;
const IN_A_ROW = 8;
const WINDOW = 30;
const RULE = ["configVersion: v3.0", "force: false", "enabled: true", `key: ${APP}`, "tags:", "  - name: gray", `    addresses: ["${HOST.a}/32"]`, ""].join("\n");

interface Tested {
  readonly name: string;
  readonly line: DubboLine;
  handle: ConsumerHandle;
}

let zk: TestZk;
let a: ProviderHandle;
let b: ProviderHandle;
let c: ProviderHandle;
let route: Route | null = null;
const consumers: Tested[] = [
  { name: "2.7.23", line: "2.7" },
  { name: "3.3.6", line: "3.3" },
] as Tested[];
let previous: Map<string, Behaviour> | null = null;

const provider = (host: string) => startProvider({ line: "3.3", registry: rig.zkAddress, host, app: APP, services: ["greeting"], greetingVersion: VERSION });

async function call(handler: (r: Request) => Promise<Response>, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const init: RequestInit = body === undefined ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const res = await handler(new Request(`http://console${path}`, init));
  return { status: res.status, json: await res.json() };
}

beforeAll(async () => {
  zk = await connectTestZk(rig.zkConnectString);
  await zkTagRuleWriter(zk).remove(APP);
  const engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error", CONSOLE_WRITE_RATE: "100000/100000" }));
  await waitFor("the console's first full read", () => engine.registries[0]!.usable);
  [a, b, c] = await Promise.all([provider(HOST.a), provider(HOST.b), provider(HOST.c)]);
  const handles = await Promise.all(consumers.map((t) => startConsumer({ line: t.line, registry: rig.zkAddress, app: `tag-chain-${t.line.replace(".", "")}`, version: VERSION, intervalMs: INTERVAL_MS, callTags: ["gray", null] })));
  handles.forEach((h, i) => (consumers[i]!.handle = h));
});

afterAll(async () => {
  if (route !== null) await call(routeById.DELETE, "DELETE", `/api/v1/routes/${route.id}?revision=${route.revision}`);
  if (zk) await zkTagRuleWriter(zk).remove(APP);
  zk?.close();
  findEngine()?.close();
  await Promise.all([...consumers.map((t) => t.handle?.stop()), a?.stop(), b?.stop(), c?.stop()]);
});

const served = (...providers: ProviderHandle[]): Outcome => ({ servedBy: providers.map((p) => p.address).sort() });

/** The console's tag preview of RULE (the rule it holds), once both consumers show and the 2.7.23 consumer's calls run `steps` condition steps (3.3.6 obeys one copy only). */
async function previewed(steps: number): Promise<TagPreviewResponse> {
  return waitFor(`the tag preview with both consumers and ${steps} condition step(s)`, async () => {
    const answer = await call(preview.POST, "POST", "/api/v1/tag-routes/preview", { application: APP, yaml: RULE, listMax: 100 });
    if (answer.status !== 200) throw new Error(`preview answered ${answer.status} ${JSON.stringify(answer.json)}`);
    const parsed = tagPreviewResponseSchema.parse(answer.json);
    const rows = parsed.services.find((s) => s.service.includes(`${DEMO.greeting.interface}:${VERSION}`))?.consumers ?? [];
    const releases = rows.map((r) => r.release);
    const ready = consumers.every((t) => releases.includes(t.name)) && rows.filter((r) => r.release === "2.7.23").every((r) => r.requests.every((q) => q.after.conditions.length === steps));
    return ready ? parsed : undefined;
  });
}

/** What the preview says a consumer of `release` gets, as an Outcome, for the request tag `tag`. */
function predicted(answer: TagPreviewResponse, release: string, tag: string | null): Outcome {
  const rows = answer.services.flatMap((s) => s.consumers).filter((r) => r.release === release);
  expect(rows, `one preview row for ${release}`).toHaveLength(1);
  const after = rows[0]!.requests.find((q) => q.tag === tag)!.after;
  return after.providers.total === 0 ? "no provider" : { servedBy: [...after.providers.addresses].sort() };
}

async function expectBehaviour(what: string, change: () => Promise<unknown>, expected: (t: Tested) => Behaviour): Promise<void> {
  const froms = consumers.map((t) => t.handle.calls().length);
  await change();
  const windows = await Promise.all(
    consumers.map(async (t, i) => {
      const { calls } = await settled(t.handle, froms[i]!, previous?.get(t.name) ?? null, expected(t), IN_A_ROW, what);
      return tallyWindow(t.handle, calls, WINDOW);
    }),
  );
  const actual = Object.fromEntries(consumers.flatMap((t, i) => (["tagged", "untagged"] as const).map((k) => [`${t.name} ${k}`, shapeOf(windows[i]![k])])));
  const wanted = Object.fromEntries(consumers.flatMap((t) => (["tagged", "untagged"] as const).map((k) => [`${t.name} ${k}`, expectedShape(expected(t)[k], WINDOW)])));
  previous = new Map(consumers.map((t) => [t.name, expected(t)]));
  console.info(`${what}: ${consumers.map((t, i) => `${t.name} tagged ${JSON.stringify(windows[i]!.tagged.served)} untagged ${JSON.stringify(windows[i]!.untagged.served)}`).join("; ")}`);
  expect(actual, what).toEqual(wanted);
}

describe("the tag preview's chain with condition routes, against real 2.7.23 and 3.3.6 consumers", () => {
  it("the tag rule alone: tagged calls on A, untagged on B and C, as the preview says", async () => {
    await apiTagRuleWriter(zk).put(APP, RULE);
    const answer = await previewed(0);
    for (const t of consumers) {
      expect(predicted(answer, t.name, "gray"), `${t.name} gray`).toEqual(served(a));
      expect(predicted(answer, t.name, null), `${t.name} untagged`).toEqual(served(b, c));
    }
    await expectBehaviour("tag rule gray → A", async () => {}, (t) => ({ tagged: predicted(answer, t.name, "gray"), untagged: predicted(answer, t.name, null) }));
  });

  it("with `=> host != A` in both copies, 2.7.23's gray calls fail over to B and C and 3.3.6's stay on A, as the preview says", async () => {
    const saved = await call(routes.POST, "POST", "/api/v1/routes", { service: DEMO.greeting.interface, version: VERSION, name: "not-a", rule: `=> host != ${HOST.a}`, targets: ["registry", "config-center"] });
    expect(saved.status, JSON.stringify(saved.json)).toBeLessThan(300);
    route = routeSchema.parse(saved.json);
    const answer = await previewed(2);
    // The preview, against the hand-worked answer of the header.
    expect(predicted(answer, "2.7.23", "gray")).toEqual(served(b, c));
    expect(predicted(answer, "3.3.6", "gray")).toEqual(served(a));
    for (const t of consumers) expect(predicted(answer, t.name, null)).toEqual(served(b, c));
    const row27 = answer.services.flatMap((s) => s.consumers).find((r) => r.release === "2.7.23")!;
    expect(row27.requests.find((q) => q.tag === "gray")!.after.conditions.map((s) => [s.copy, s.at])).toEqual([
      ["registry", "before-tag"],
      ["config-center", "after-tag"],
    ]);
    await expectBehaviour("route not-a saved", async () => {}, (t) => ({ tagged: predicted(answer, t.name, "gray"), untagged: predicted(answer, t.name, null) }));
  });

  it("deleting the route gives back the tag rule's own behaviour", async () => {
    const gone = await call(routeById.DELETE, "DELETE", `/api/v1/routes/${route!.id}?revision=${route!.revision}`);
    expect(gone.status, JSON.stringify(gone.json)).toBeLessThan(300);
    route = null;
    const answer = await previewed(0);
    await expectBehaviour("route deleted", async () => {}, (t) => ({ tagged: predicted(answer, t.name, "gray"), untagged: predicted(answer, t.name, null) }));
    expect(predicted(answer, "2.7.23", "gray")).toEqual(served(a));
  });
});
