import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as byId from "@/app/api/v1/access/[id]/route";
import * as disable from "@/app/api/v1/access/[id]/disable/route";
import * as enable from "@/app/api/v1/access/[id]/enable/route";
import * as preview from "@/app/api/v1/access/preview/route";
import * as access from "@/app/api/v1/access/route";
import { accessPreviewResponseSchema, type AccessRule, accessRuleSchema } from "@/lib/api/access";
import { parseConfig } from "@/server/runtime/config";
import { type Engine, findEngine, startEngine } from "@/server/runtime/engine";
import { type ConsumerHandle, DEMO, startConsumer } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";
import { connectTestZk } from "../support/zk-client";

/**
 * Access control saved from the console, obeyed by real consumers: a block of one consumer
 * application (a named condition route `application = … => false` with its registry copy,
 * which 2.7.23 obeys, and its config-center copy, which 3.3.6 obeys) leaves that consumer
 * with no provider while the other keeps both; disabling or deleting it gives it both back.
 * The consumers are this file's own, one per release, each blocked in turn.
 */

const rig = inject("rig");
const GREETING = DEMO.greeting.interface;
const RULE_NODE = `/dubbo/config/dubbo/${GREETING}::.condition-router`;
const IN_A_ROW = 6;
const provider27 = rig.providers.find((p) => p.line === "2.7")!.address;
const provider33 = rig.providers.find((p) => p.line === "3.3" && p.registerMode === "interface")!.address;

let engine: Engine;
let c27: ConsumerHandle;
let c33: ConsumerHandle;

beforeAll(async () => {
  engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error", CONSOLE_WRITE_RATE: "100000/100000" }));
  [c27, c33] = await Promise.all([
    startConsumer({ line: "2.7", registry: rig.zkAddress, app: "access-test-27", intervalMs: 200 }),
    startConsumer({ line: "3.3", registry: rig.zkAddress, app: "access-test-33", intervalMs: 200 }),
  ]);
  await waitFor("the first full read", () => engine.registries[0]!.usable);
  await waitFor("both consumers registered", async () => {
    const apps = (await engine.catalog.service(GREETING)).consumers.map((c) => c.application);
    return apps.includes("access-test-27") && apps.includes("access-test-33");
  }, 60_000);
});

afterAll(async () => {
  // Whatever happened, leave GreetingService without this file's routes for the other tests.
  const zk = await connectTestZk(rig.zkConnectString);
  const dir = `/dubbo/${GREETING}/routers`;
  for (const node of await zk.children(dir).catch(() => [])) if (node.includes("access-test-")) await zk.remove(`${dir}/${node}`);
  if ((await zk.getData(RULE_NODE))?.includes("access-test-")) await zk.remove(RULE_NODE);
  zk.close();
  await Promise.all([c27?.stop(), c33?.stop()]);
  findEngine()?.close();
});

async function send(handler: (r: Request) => Promise<Response>, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const init: RequestInit = body === undefined ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const res = await handler(new Request(`http://console${path}`, init));
  return { status: res.status, json: await res.json() };
}

/** Waits until the last IN_A_ROW calls since `from` all failed: the consumer has no provider. */
const noProvider = (c: ConsumerHandle, from: number) =>
  waitFor(`${c.app}: ${IN_A_ROW} failed calls in a row`, () => {
    const since = c.calls().slice(from);
    return since.length >= IN_A_ROW && since.slice(-IN_A_ROW).every((x) => !x.ok);
  }, 40_000);

/** Waits until `c` has been served by both providers since call `from`. */
const servedByBoth = (c: ConsumerHandle, from: number, what: string) => waitFor(what, () => [provider27, provider33].every((p) => c.servedBy().slice(from).includes(p)), 40_000);

/** Blocks `victim`'s application, sees it lose its providers while `other` keeps both, then disables, enables and deletes the rule. */
async function blockAndRestore(victim: ConsumerHandle, other: ConsumerHandle): Promise<void> {
  await servedByBoth(victim, 0, `${victim.app} to use both providers before any rule`);
  const seen = accessPreviewResponseSchema.parse((await send(preview.POST, "POST", "/api/v1/access/preview", { service: GREETING, mode: "block", applications: [victim.app] })).json);
  expect(seen.consumers.find((c) => c.application === victim.app)).toMatchObject({ blockedNow: false, blockedAfter: true, by: "draft" });
  expect(seen.consumers.find((c) => c.application === other.app)).toMatchObject({ blockedNow: false, blockedAfter: false, by: null });
  expect(seen.blocksEveryone).toBe(false);

  const created = await send(access.POST, "POST", "/api/v1/access", { service: GREETING, mode: "block", applications: [victim.app] });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const rule: AccessRule = accessRuleSchema.parse(created.json);
  expect(rule.route).toMatchObject({ name: "access-block-applications", rule: `application = ${victim.app} => false`, force: true, targets: ["registry", "config-center"] });
  const [v0, o0] = [victim.calls().length, other.servedBy().length];
  await noProvider(victim, v0);
  // The other consumer is not named: it keeps both providers throughout.
  await servedByBoth(other, o0, `${other.app} to keep both providers`);
  const failed = victim.calls().slice(v0).filter((c) => !c.ok);
  expect(failed.at(-1)!.error).toMatch(/No provider|Forbid|no provider/i);

  const v1 = victim.calls().length;
  const disabled = accessRuleSchema.parse((await send(disable.POST, "POST", `/api/v1/access/${rule.id}/disable`, { revision: rule.revision })).json);
  expect(disabled.enabled).toBe(false);
  await servedByBoth(victim, v1, `${victim.app} to use both providers once the rule is disabled`);

  const enabled = accessRuleSchema.parse((await send(enable.POST, "POST", `/api/v1/access/${rule.id}/enable`, { revision: disabled.revision })).json);
  await noProvider(victim, victim.calls().length);

  const v2 = victim.calls().length;
  const deleted = await send(byId.DELETE, "DELETE", `/api/v1/access/${enabled.id}?revision=${enabled.revision}`);
  expect([deleted.status, deleted.json]).toEqual([200, { deleted: true, id: enabled.id }]);
  await servedByBoth(victim, v2, `${victim.app} to use both providers once the rule is deleted`);
}

describe("access control saved from the console, against real Dubbo consumers", () => {
  it("a blocked 2.7.23 consumer application gets no provider while the 3.3.6 one keeps both, until the rule is disabled or deleted", async () => {
    await blockAndRestore(c27, c33);
  });

  it("a blocked 3.3.6 consumer application gets no provider while the 2.7.23 one keeps both, until the rule is disabled or deleted", async () => {
    await blockAndRestore(c33, c27);
  });

  it("asks before blocking every consumer that still calls the service, and writes nothing", async () => {
    const apps = (await engine.catalog.service(GREETING)).consumers.map((c) => c.application);
    const everyone = { service: GREETING, mode: "allow", applications: ["access-test-nobody"] };
    const seen = accessPreviewResponseSchema.parse((await send(preview.POST, "POST", "/api/v1/access/preview", everyone)).json);
    expect([seen.blocksEveryone, seen.blocked, seen.kept]).toEqual([true, apps.length, 0]);
    const refused = await send(access.POST, "POST", "/api/v1/access", everyone);
    expect([refused.status, (refused.json as { error: { code: string } }).error.code]).toEqual([409, "strands_consumers"]);
    expect((await send(access.GET, "GET", `/api/v1/access?service=${GREETING}`)).json).toEqual({ rules: [] });
  });
});
