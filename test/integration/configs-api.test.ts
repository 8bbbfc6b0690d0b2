import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import * as byId from "@/app/api/v1/configs/[id]/route";
import * as disable from "@/app/api/v1/configs/[id]/disable/route";
import * as enable from "@/app/api/v1/configs/[id]/enable/route";
import * as configs from "@/app/api/v1/configs/route";
import * as offline from "@/app/api/v1/providers/offline/route";
import * as online from "@/app/api/v1/providers/online/route";
import * as weight from "@/app/api/v1/providers/weight/route";
import * as configPreview from "@/app/api/v1/configs/preview/route";
import { configPreviewResponseSchema } from "@/lib/api/overrides/config-preview";
import { configSchema, configsResponseSchema } from "@/lib/api/overrides/configs";
import type { ChangeEvent } from "@/lib/api/events";
import { isConsoleError } from "@/lib/errors";
import { parseConfig } from "@/server/runtime/config";
import { Engine, findEngine, startEngine } from "@/server/runtime/engine";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";
import { startZooKeeper } from "../support/zookeeper";

/**
 * Configs (overrides) written through the HTTP handlers against the rig's real ZooKeeper,
 * read back with a client of the test's own. Expected node names and YAML are written out
 * by hand from Dubbo's formats (ZookeeperRegistry#toUrlPath, ConfigParser), not by the code
 * under test.
 */

const rig = inject("rig");
const SERVICE = "io.configs.test.CrudService";
const DIR = `/dubbo/${SERVICE}/configurators`;
const CENTER = `/dubbo/config/dubbo/${SERVICE}::.configurators`;
const FOREIGN_APP = "configs-test-admin-app";
const FOREIGN = `/dubbo/config/dubbo/${FOREIGN_APP}.configurators`;

let engine: Engine;
let zk: TestZk;
const events: ChangeEvent[] = [];

beforeAll(async () => {
  engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error", CONSOLE_WRITE_RATE: "100000/100000" }));
  engine.events.subscribe((e) => events.push(e.data));
  zk = await connectTestZk(rig.zkConnectString);
  await waitFor("the first full read", () => engine.registries[0]!.usable);
});

async function clean(): Promise<void> {
  await zk.removeTree(`/dubbo/${SERVICE}`);
  await zk.removeTree(CENTER);
  await zk.removeTree(FOREIGN);
}

beforeEach(async () => {
  await clean();
  await waitFor("no configs of the test service", async () => (await list()).length === 0);
  events.length = 0;
  startedAt = Date.now();
});

afterAll(async () => {
  await clean();
  zk.close();
  findEngine()?.close();
});

type Handler = (request: Request) => Promise<Response>;

async function call(handler: Handler, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: unknown; headers: Headers }> {
  const init: RequestInit = body === undefined ? { method, headers } : { method, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
  const res = await handler(new Request(`http://console${path}`, init));
  return { status: res.status, json: await res.json(), headers: res.headers };
}

const list = async (query = `?service=${SERVICE}`) => configsResponseSchema.parse((await call(configs.GET, "GET", `/api/v1/configs${query}`)).json).configs;
const listedAs = (id: string, revision: string) => waitFor(`config ${id} at ${revision} in the list`, async () => (await list()).find((c) => c.id === id && c.revision === revision));
/** The config `id` in a listing asked now, without waiting. */
const listedNow = async (id: string) => (await list()).find((c) => c.id === id);
const create = (body: Record<string, unknown>) => call(configs.POST, "POST", "/api/v1/configs", body);
const errorOf = (json: unknown) => (json as { error: { code: string; message: string; issues?: { path: string }[] } }).error;
const registryNodes = async () => {
  try {
    return (await zk.children(DIR)).map((n) => decodeURIComponent(n));
  } catch {
    return [];
  }
};
/** The kinds of the config entries the audit trail holds for the test service since the test began, newest first. */
const configKinds = () => engine.audit.query({ service: SERVICE, limit: 50 } as Parameters<Engine["audit"]["query"]>[0]).entries.filter((e) => e.kind.startsWith("config.") && e.at >= startedAt).map((e) => e.kind);
let startedAt = 0;
const snapshot = async () => ({ registry: (await registryNodes()).sort(), center: await zk.getData(CENTER) });

describe("configs saved through /api/v1/configs, as ZooKeeper holds them", () => {
  it("creates both copies, lists them back, and replaces, disables, enables and deletes them", async () => {
    const created = await create({ scope: "service", service: SERVICE, side: "consumer", parameters: { timeout: "3000" } });
    expect(created.status).toBe(201);
    const config = configSchema.parse(created.json);
    expect(config).toMatchObject({ scope: "service", key: `${SERVICE}::`, service: SERVICE, side: "consumer", parameters: { timeout: "3000" }, enabled: true, targets: ["registry", "center"], origin: "console", readOnly: null });
    expect(created.headers.get("location")).toBe(`/api/v1/configs/${config.id}`);
    expect(await registryNodes()).toEqual([`override://0.0.0.0/${SERVICE}?category=configurators&dynamic=false&enabled=true&side=consumer&timeout=3000`]);
    expect(await zk.getData(CENTER)).toBe(`configVersion: v3.0\nscope: service\nkey: "${SERVICE}"\nenabled: true\nconfigs:\n  - side: consumer\n    parameters:\n      "timeout": "3000"\n    enabled: true\n`);
    // Read-your-writes: the answer comes once the watches have read both copies back, so the list asked next shows the write whole.
    expect(await listedNow(config.id)).toEqual(config);
    await waitFor("a configs event", () => events.some((e) => e.type === "configs" && (e.key === `${SERVICE}::` || e.key === SERVICE)));

    const one = await call(byId.GET, "GET", `/api/v1/configs/${config.id}`);
    expect([one.status, one.headers.get("etag")]).toEqual([200, `"${config.revision}"`]);

    const replaced = await call(byId.PUT, "PUT", `/api/v1/configs/${config.id}`, { scope: "service", service: SERVICE, side: "consumer", parameters: { timeout: "5000", "greet.retries": "0" } }, { "if-match": `"${config.revision}"` });
    expect(replaced.status).toBe(200);
    const after = configSchema.parse(replaced.json);
    expect(after.id).toBe(config.id);
    expect(after.revision).not.toBe(config.revision);
    expect(await registryNodes()).toEqual([`override://0.0.0.0/${SERVICE}?category=configurators&dynamic=false&enabled=true&greet.retries=0&side=consumer&timeout=5000`]);
    expect(await zk.getData(CENTER)).toContain(`      "timeout": "5000"\n      "greet.retries": "0"\n`);
    expect((await listedNow(after.id))?.revision).toBe(after.revision);

    const disabled = configSchema.parse((await call(disable.POST, "POST", `/api/v1/configs/${after.id}/disable`, { revision: after.revision })).json);
    expect(disabled).toMatchObject({ id: config.id, enabled: false });
    expect(await registryNodes()).toEqual([`override://0.0.0.0/${SERVICE}?category=configurators&dynamic=false&enabled=false&greet.retries=0&side=consumer&timeout=5000`]);
    expect(await zk.getData(CENTER)).toMatch(/^enabled: false$/m);
    expect((await listedNow(disabled.id))?.revision).toBe(disabled.revision);
    const enabled = configSchema.parse((await call(enable.POST, "POST", `/api/v1/configs/${disabled.id}/enable`, { revision: disabled.revision })).json);
    expect(enabled.revision).toBe(after.revision);
    expect((await listedNow(enabled.id))?.revision).toBe(enabled.revision);

    const deleted = await call(byId.DELETE, "DELETE", `/api/v1/configs/${enabled.id}?revision=${enabled.revision}`);
    expect([deleted.status, deleted.json]).toEqual([200, { deleted: true, id: enabled.id }]);
    expect(await snapshot()).toEqual({ registry: [], center: null });
    expect(await list()).toEqual([]);
    await expect.poll(() => configKinds()).toEqual(["config.delete", "config.enable", "config.disable", "config.replace", "config.create"]);
  });

  it("refuses an edit, a toggle or a delete on a stale revision with 409, writing nothing", async () => {
    const first = configSchema.parse((await create({ scope: "service", service: SERVICE, side: "provider", parameters: { weight: "50" } })).json);
    await listedAs(first.id, first.revision);
    const second = configSchema.parse((await call(byId.PUT, "PUT", `/api/v1/configs/${first.id}`, { scope: "service", service: SERVICE, side: "provider", parameters: { weight: "60" }, revision: first.revision })).json);
    await listedAs(second.id, second.revision);
    const before = await snapshot();
    const stale = await call(byId.PUT, "PUT", `/api/v1/configs/${first.id}`, { scope: "service", service: SERVICE, side: "provider", parameters: { weight: "70" }, revision: first.revision });
    expect([stale.status, errorOf(stale.json).code]).toEqual([409, "conflict"]);
    const staleToggle = await call(disable.POST, "POST", `/api/v1/configs/${first.id}/disable`, { revision: first.revision });
    expect([staleToggle.status, errorOf(staleToggle.json).code]).toEqual([409, "conflict"]);
    const staleDelete = await call(byId.DELETE, "DELETE", `/api/v1/configs/${first.id}?revision=${first.revision}`);
    expect([staleDelete.status, errorOf(staleDelete.json).code]).toEqual([409, "conflict"]);
    const noRevision = await call(byId.DELETE, "DELETE", `/api/v1/configs/${first.id}`);
    expect([noRevision.status, errorOf(noRevision.json).code]).toEqual([400, "validation_failed"]);
    expect(await snapshot()).toEqual(before);
  });

  it("answers bad bodies with 400 naming the field, writing nothing", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ scope: "service", service: SERVICE, side: "consumer", parameters: { group: "x" } }, /parameters\.group cannot be set by an override: Dubbo reads "group" as a condition/],
      [{ scope: "service", service: SERVICE, side: "consumer", providerAddresses: ["*"], parameters: { timeout: "1" } }, /providerAddresses/],
      [{ scope: "service", service: SERVICE, side: "both", parameters: { timeout: "1" } }, /side must be "consumer" or "provider"/],
      [{ scope: "application", application: "shop", side: "consumer", targets: ["registry"], parameters: { timeout: "1" } }, /no registry copy/],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res.json).message).toMatch(message);
    }
    const w = await call(weight.POST, "POST", "/api/v1/providers/weight", { service: SERVICE, address: "10.0.0.1:20880", weight: -1 });
    expect([w.status, errorOf(w.json).message]).toEqual([400, expect.stringMatching(/weight must be a whole number from 0 to 2147483647/)]);
    expect(await snapshot()).toEqual({ registry: [], center: null });
  });

  it("lists configs other writers left, with their origin, and edits one into the console's shape", async () => {
    const dubbo = `override://10.0.0.7:20880/${SERVICE}?category=configurators&disabled=true&dynamic=false`;
    await zk.createWithData(`${DIR}/${encodeURIComponent(dubbo)}`, "");
    await zk.createWithData(FOREIGN, `configVersion: v2.7\nscope: application\nkey: ${FOREIGN_APP}\nenabled: true\nconfigs:\n- addresses: [0.0.0.0]\n  side: consumer\n  parameters:\n    timeout: 6000\n`);
    const url = await waitFor("the hand-written URL", async () => (await list()).find((c) => c.targets.length === 1 && c.targets[0] === "registry"));
    expect(url).toMatchObject({ origin: "dubbo", side: "consumer", providerAddresses: ["10.0.0.7:20880"], parameters: { disabled: "true" }, readOnly: null });
    const admin = await waitFor("the Dubbo Admin rule", async () => (await list(`?application=${FOREIGN_APP}`))[0]);
    expect(admin).toMatchObject({ scope: "application", key: FOREIGN_APP, origin: "dubbo-admin", parameters: { timeout: "6000" }, targets: ["center"] });

    const edited = await call(byId.PUT, "PUT", `/api/v1/configs/${url.id}`, { scope: "service", service: SERVICE, side: "consumer", providerAddresses: ["10.0.0.7:20880"], parameters: { disabled: "true" }, targets: ["registry", "center"], revision: url.revision, allowStranding: true });
    expect(edited.status).toBe(200);
    expect(configSchema.parse(edited.json)).toMatchObject({ origin: "console", targets: ["registry", "center"] });
    expect(await registryNodes()).toEqual([`override://10.0.0.7:20880/${SERVICE}?category=configurators&disabled=true&dynamic=false&enabled=true&side=consumer`]);
    expect(await zk.getData(CENTER)).toContain('providerAddresses: ["10.0.0.7:20880"]');
  });
});

describe("the provider shortcuts", () => {
  const P1 = "10.0.0.1:20880";
  const P2 = "10.0.0.2:20880";
  const register = async () => {
    for (const p of [P1, P2]) await zk.createWithData(`/dubbo/${SERVICE}/providers/${encodeURIComponent(`dubbo://${p}/${SERVICE}?application=configs-provider&interface=${SERVICE}&side=provider&release=2.7.23`)}`, "");
    await zk.createWithData(`/dubbo/${SERVICE}/consumers/${encodeURIComponent(`consumer://10.0.0.9/${SERVICE}?application=configs-consumer&category=consumers&interface=${SERVICE}&side=consumer&release=2.7.23`)}`, "");
    await waitFor("the providers and consumer in the catalog", () => {
      try {
        const r = engine.catalog.routing(SERVICE);
        return r.providers.length === 2 && r.consumers.length === 1;
      } catch {
        return false;
      }
    });
  };

  it("takes a provider offline and back online, sets its weight, and refuses to strand the consumer", async () => {
    await register();
    const off = await call(offline.POST, "POST", "/api/v1/providers/offline", { service: SERVICE, address: P1 });
    expect(off.status).toBe(200);
    const offConfig = configSchema.parse(off.json);
    expect(offConfig).toMatchObject({ side: "consumer", providerAddresses: [P1], parameters: { disabled: "true" }, targets: ["registry", "center"] });
    expect(await registryNodes()).toEqual([`override://${P1}/${SERVICE}?category=configurators&disabled=true&dynamic=false&enabled=true&side=consumer`]);
    expect(await zk.getData(CENTER)).toContain(`    providerAddresses: ["${P1}"]\n    parameters:\n      "disabled": "true"\n`);
    await listedAs(offConfig.id, offConfig.revision);
    // Again: the same config, nothing more written.
    const again = configSchema.parse((await call(offline.POST, "POST", "/api/v1/providers/offline", { service: SERVICE, address: P1 })).json);
    expect(again.id).toBe(offConfig.id);
    expect(await registryNodes()).toHaveLength(1);

    const before = await snapshot();
    const strand = await call(offline.POST, "POST", "/api/v1/providers/offline", { service: SERVICE, address: P2 });
    expect(strand.status).toBe(409);
    expect(strand.json).toMatchObject({ error: { code: "strands_consumers", consumers: [{ application: "configs-consumer", host: "10.0.0.9", before: 1 }] } });
    expect(await snapshot()).toEqual(before);

    const w = await call(weight.POST, "POST", "/api/v1/providers/weight", { service: SERVICE, address: P2, weight: 900 });
    expect(w.status).toBe(200);
    const wConfig = configSchema.parse(w.json);
    expect(wConfig).toMatchObject({ providerAddresses: [P2], parameters: { weight: "900" } });
    expect(await registryNodes()).toContain(`override://${P2}/${SERVICE}?category=configurators&dynamic=false&enabled=true&side=consumer&weight=900`);
    await listedAs(wConfig.id, wConfig.revision);
    const w2 = configSchema.parse((await call(weight.POST, "POST", "/api/v1/providers/weight", { service: SERVICE, address: P2, weight: 100 })).json);
    expect(w2.id).toBe(wConfig.id);
    expect((await registryNodes()).filter((n) => n.includes("weight="))).toEqual([`override://${P2}/${SERVICE}?category=configurators&dynamic=false&enabled=true&side=consumer&weight=100`]);
    await listedAs(w2.id, w2.revision);

    const on = await call(online.POST, "POST", "/api/v1/providers/online", { service: SERVICE, address: P1 });
    expect([on.status, on.json]).toEqual([200, { deleted: [offConfig.id] }]);
    expect(await registryNodes()).toEqual([`override://${P2}/${SERVICE}?category=configurators&dynamic=false&enabled=true&side=consumer&weight=100`]);
    expect(await zk.getData(CENTER)).not.toContain("disabled");
    await expect.poll(() => configKinds()).toEqual(["config.delete", "config.replace", "config.create", "config.create"]);
  });
  it("previews a draft, an edit and a removal per consumer without writing, and answers bad previews with 400", async () => {
    await register();
    const preview = (body: unknown) => call(configPreview.POST, "POST", "/api/v1/configs/preview", body);
    const draft = { scope: "service", service: SERVICE, side: "consumer", providerAddresses: [P1], parameters: { weight: "900" } };
    const before = await snapshot();
    const w = await preview({ config: draft, consumer: { url: `consumer://10.0.0.77/${SERVICE}?application=by-hand&interface=${SERVICE}&side=consumer`, release: "3.3.6" } });
    expect(w.status).toBe(200);
    const answer = configPreviewResponseSchema.parse(w.json);
    const registered = answer.consumers.find((c) => !c.byHand)!;
    expect(registered).toMatchObject({ application: "configs-consumer", semantics: "2.7", stranded: false, usable: { before: 2, after: 2 } });
    const p1 = registered.providers.find((p) => p.address === P1)!;
    expect(p1.values).toEqual({ before: expect.objectContaining({ weight: null }), after: expect.objectContaining({ weight: "900" }) });
    expect(p1.share.before).toBeCloseTo(0.5, 6);
    expect(p1.share.after).toBeCloseTo(0.9, 6);
    expect(registered.summary).toContain("50/50 → 90/10");
    const byHand = answer.consumers.find((c) => c.byHand)!;
    expect(byHand).toMatchObject({ application: "by-hand", semantics: "3.x", release: "3.3.6" });
    expect(await snapshot()).toEqual(before);

    // Offline of one provider: the consumer keeps the other; of both (a saved offline, then the second): stranded.
    const off = await preview({ config: { ...draft, parameters: { disabled: "true" } } });
    expect(configPreviewResponseSchema.parse(off.json).consumers[0]).toMatchObject({ usable: { before: 2, after: 1 }, stranded: false });
    const saved = configSchema.parse((await call(offline.POST, "POST", "/api/v1/providers/offline", { service: SERVICE, address: P1 })).json);
    await listedAs(saved.id, saved.revision);
    const both = configPreviewResponseSchema.parse((await preview({ config: { ...draft, providerAddresses: [P2], parameters: { disabled: "true" } } })).json);
    expect(both.stranded).toHaveLength(1);
    expect(both.consumers[0]).toMatchObject({ usable: { before: 1, after: 0 }, stranded: true });
    // Removing the saved offline gives the provider back.
    const removal = configPreviewResponseSchema.parse((await preview({ id: saved.id, delete: true })).json);
    expect(removal.consumers[0]).toMatchObject({ usable: { before: 1, after: 2 } });

    expect(errorOf((await preview({ delete: true })).json).code).toBe("validation_failed");
    expect(errorOf((await preview({ id: "nope" })).json).code).toBe("validation_failed");
    const noService = await preview({ config: { scope: "application", application: "configs-consumer", side: "consumer", parameters: { timeout: "300" } } });
    expect([noService.status, errorOf(noService.json).issues?.[0]?.path]).toEqual([400, "service"]);
    const unknown = await preview({ config: { ...draft, service: "io.configs.test.Nothing" } });
    expect(unknown.status).toBe(404);
  });
});

describe("writing while ZooKeeper is down", () => {
  it("answers 503 at once and writes nothing", async () => {
    const server = await startZooKeeper();
    const own = new Engine(parseConfig({ DUBBO_REGISTRY: server.dubboAddress, LOG_LEVEL: "error" }));
    own.start();
    try {
      await waitFor("the first full read", () => own.registries[0]!.usable);
      const saved = await own.configs.create({ scope: "service", service: SERVICE, side: "consumer", parameters: { timeout: "1" }, enabled: true });
      await waitFor("the saved config in the list", () => own.configs.find(saved.id)?.revision === saved.revision);
      await server.kill(0);
      await waitFor("the console to see the connection drop", () => own.registries[0]!.session.state.type !== "connected", 15_000);
      const attempts: (() => Promise<unknown>)[] = [
        () => own.configs.create({ scope: "service", service: SERVICE, side: "consumer", parameters: { timeout: "2" }, enabled: true }),
        () => own.configs.remove(saved.id, saved.revision),
        () => own.configs.setEnabled(saved.id, false, saved.revision),
        () => own.configs.offline({ service: SERVICE, address: "10.0.0.1:20880" }),
      ];
      for (const attempt of attempts) {
        const error = await attempt().then(() => null, (e: unknown) => e);
        expect(isConsoleError(error) ? error.code : error).toBe("registry_unavailable");
      }
      await server.restart(0);
      await waitFor("the session to answer again", () => own.registries[0]!.session.state.type === "connected", 30_000);
      const check = await connectTestZk(server.connectString);
      try {
        expect((await check.children(DIR)).map((n) => decodeURIComponent(n))).toEqual([`override://0.0.0.0/${SERVICE}?category=configurators&dynamic=false&enabled=true&side=consumer&timeout=1`]);
        expect(await check.getData(CENTER)).toContain('"timeout": "1"');
        expect(await check.getData(CENTER)).not.toContain('"timeout": "2"');
      } finally {
        check.close();
      }
    } finally {
      await own.close();
      await server.stop();
    }
  });
});

