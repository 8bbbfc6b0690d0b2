import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as audit from "@/app/api/v1/audit/route";
import * as grayFlows from "@/app/api/v1/gray-flows/route";
import { auditResponseSchema } from "@/lib/api/audit";
import { grayFlowSchema, grayFlowsResponseSchema } from "@/lib/api/gray-flows";
import { GRAY_FLOWS_PATH, GrayFlowStore, nodeName } from "@/server/governance/gray/gray-flow-store";
import { ZkSession } from "@/server/registry/zk/zk-session";
import { parseConfig } from "@/server/runtime/config";
import { silentLogger } from "@/server/runtime/logger";
import { type Engine, findEngine, startEngine } from "@/server/runtime/engine";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * Issue 17, gray release: the flow is kept by the console in ZooKeeper, not in one browser.
 * Through the /api/v1/gray-flows handlers on the rig's ZooKeeper: start, move on with the
 * revision (a stale one is a 409 and nothing changes), a second store on its own session (a
 * replica) reads the same flow, a node that is not a flow is listed as a problem (never a
 * 500), ending it ("returned") removes the node, and each write has its audit entry.
 */

const rig = inject("rig");
const SERVICE = `io.dubboconsole.gray.GrayFlow${process.pid}`;
const KEY = `g1/${SERVICE}:1.0.0`;
const NODE = `${GRAY_FLOWS_PATH}/${nodeName(KEY)}`;
const BAD_NODE = `${GRAY_FLOWS_PATH}/${nodeName(`${SERVICE}.Bad`)}`;
const plan = { service: SERVICE, group: "g1", version: "1.0.0", newAddresses: ["10.0.0.7:20880"], steps: [10, 50, 100] };

let engine: Engine;
let zk: TestZk;

type Handler = (request: Request) => Promise<Response>;
async function call(handler: Handler, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const init: RequestInit = body === undefined ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const res = await handler(new Request(`http://console${path}`, init));
  return { status: res.status, json: await res.json().catch(() => null) };
}
const code = (json: unknown) => (json as { error?: { code?: string } }).error?.code;
const listed = async () => grayFlowsResponseSchema.parse((await call(grayFlows.GET, "GET", `/api/v1/gray-flows?service=${SERVICE}`)).json);

beforeAll(async () => {
  engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error", CONSOLE_WRITE_RATE: "100000/100000" }));
  zk = await connectTestZk(rig.zkConnectString);
  await waitFor("the first full read", () => engine.registries[0]!.usable);
  await zk.removeTree(NODE);
  await zk.removeTree(BAD_NODE);
});

afterAll(async () => {
  await zk.removeTree(NODE);
  await zk.removeTree(BAD_NODE);
  zk.close();
  findEngine()?.close();
});

describe("gray flows kept by the console", () => {
  it("start, move on with the revision, read by another replica, end as returned; every write audited", async () => {
    expect((await listed()).flows).toEqual([]);
    const started = await call(grayFlows.PUT, "PUT", "/api/v1/gray-flows", { plan, configId: null, step: -1, revision: null });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const first = grayFlowSchema.parse(started.json);
    expect(first).toMatchObject({ key: KEY, step: -1, configId: null, startedBy: "anonymous", revision: "v0" });
    // The node holds it, as JSON.
    expect(JSON.parse((await zk.getData(NODE))!)).toMatchObject({ state: { plan, step: -1, configId: null }, startedBy: "anonymous" });

    // A second start of the same service is refused.
    const again = await call(grayFlows.PUT, "PUT", "/api/v1/gray-flows", { plan, configId: null, step: -1, revision: null });
    expect([again.status, code(again.json)]).toEqual([409, "conflict"]);

    const moved = await call(grayFlows.PUT, "PUT", "/api/v1/gray-flows", { plan, configId: "cfg-1", step: 0, revision: first.revision });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    const second = grayFlowSchema.parse(moved.json);
    expect(second).toMatchObject({ step: 0, configId: "cfg-1", revision: "v1", startedAt: first.startedAt });

    // A write based on the first revision is refused, and the flow stays at step 0.
    const stale = await call(grayFlows.PUT, "PUT", "/api/v1/gray-flows", { plan, configId: "cfg-1", step: 1, revision: first.revision });
    expect([stale.status, code(stale.json)]).toEqual([409, "conflict"]);
    expect((await listed()).flows.map((f) => [f.key, f.step, f.revision])).toEqual([[KEY, 0, "v1"]]);

    // Another replica (its own ZooKeeper session) sees the same flow.
    const otherSession = new ZkSession(engine.registries[0]!.address, silentLogger);
    otherSession.start();
    try {
      await waitFor("the replica's session", () => otherSession.state.type === "connected");
      const replica = new GrayFlowStore(otherSession);
      const seen = await replica.list({ service: SERVICE });
      expect(seen.flows.map((f) => [f.key, f.step, f.configId, f.revision])).toEqual([[KEY, 0, "cfg-1", "v1"]]);
    } finally {
      otherSession.close();
    }

    // A step past the plan's last is a 400 naming the field.
    const past = await call(grayFlows.PUT, "PUT", "/api/v1/gray-flows", { plan, configId: "cfg-1", step: 3, revision: second.revision });
    expect([past.status, code(past.json)]).toEqual([400, "validation_failed"]);
    expect(JSON.stringify(past.json)).toContain("step must be at most 2");

    // Ending with a stale revision is refused; with the current one the node goes.
    const wrongEnd = await call(grayFlows.DELETE, "DELETE", `/api/v1/gray-flows?service=${SERVICE}&group=g1&version=1.0.0&revision=${first.revision}&returned=true`);
    expect([wrongEnd.status, code(wrongEnd.json)]).toEqual([409, "conflict"]);
    const ended = await call(grayFlows.DELETE, "DELETE", `/api/v1/gray-flows?service=${SERVICE}&group=g1&version=1.0.0&revision=${second.revision}&returned=true`);
    expect([ended.status, ended.json]).toEqual([200, { key: KEY, returned: true }]);
    expect(await zk.getData(NODE)).toBeNull();
    const gone = await call(grayFlows.DELETE, "DELETE", `/api/v1/gray-flows?service=${SERVICE}&group=g1&version=1.0.0&revision=${second.revision}`);
    expect([gone.status, code(gone.json)]).toEqual([404, "not_found"]);

    await expect
      .poll(async () => auditResponseSchema.parse((await call(audit.GET, "GET", `/api/v1/audit?service=${encodeURIComponent(SERVICE)}`)).json).entries.map((e) => e.kind))
      .toEqual(["gray.return", "gray.step", "gray.start"]);
  });

  it("a node that is not a flow is listed as a problem, not a flow, and never a 500", async () => {
    await zk.mkdirp(GRAY_FLOWS_PATH);
    await zk.createWithData(BAD_NODE, JSON.stringify({ state: { plan: { service: "x" } }, startedAt: 1, startedBy: "x", updatedAt: 1, updatedBy: "x" }));
    const answer = await call(grayFlows.GET, "GET", `/api/v1/gray-flows?service=${SERVICE}.Bad`);
    expect(answer.status).toBe(200);
    const parsed = grayFlowsResponseSchema.parse(answer.json);
    expect(parsed.flows).toEqual([]);
    expect(parsed.problems).toHaveLength(1);
    expect(parsed.problems[0]).toMatch(/not a gray release/);
    const badQuery = await call(grayFlows.DELETE, "DELETE", `/api/v1/gray-flows?service=not a name&revision=v0`);
    expect([badQuery.status, code(badQuery.json)]).toEqual([400, "validation_failed"]);
  });
});
