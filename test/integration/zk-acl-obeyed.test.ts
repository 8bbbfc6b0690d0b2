import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as byId from "@/app/api/v1/routes/[id]/route";
import * as routes from "@/app/api/v1/routes/route";
import { routeSchema } from "@/lib/api/routing/routes";
import { digestId } from "@/server/registry/zk/zk-acl";
import { parseConfig } from "@/server/runtime/config";
import { type Engine, findEngine, startEngine } from "@/server/runtime/engine";
import { type ConsumerHandle, DEMO, startConsumer } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";
import { type AclTestZk, connectAclTestZk } from "../support/zk-acl-client";

/**
 * The proof that the ACL the console writes is usable by real Dubbo: with digest
 * credentials, the console writes a route (routers category and config-center copy) whose
 * nodes only that user may read, and real Dubbo 2.7.23 and 3.3 consumers configured with
 * the same credentials (`zookeeper://user:password@host:port`, which Dubbo reads as
 * dubbo.registry.username/password) read it and obey it, and see its deletion.
 */

const rig = inject("rig");
/**
 * The audit trail of this file's engines, apart from the one at the default path: entries
 * and the path itself are created with this file's digest ACL, which the rig's other
 * consoles (no credentials) could then not write under, and every route change writes its
 * entry in the same multi.
 */
const AUDIT_PATH = "/dubbo-console-zk-acl-obeyed/audit";
const GREETING = DEMO.greeting.interface;
const DIR = `/dubbo/${GREETING}/routers`;
const RULE_NODE = `/dubbo/config/dubbo/${GREETING}::.condition-router`;
const CREDENTIALS = "ops:pass";
const REGISTRY = rig.zkAddress.replace("zookeeper://", `zookeeper://${CREDENTIALS}@`);
const OPS_ACL = `digest:${digestId("ops", "pass")}:cdrwa`;
const IN_A_ROW = 10;

const provider27 = rig.providers.find((p) => p.line === "2.7")!.address;
const provider33 = rig.providers.find((p) => p.line === "3.3" && p.registerMode === "interface")!.address;

let engine: Engine;
let zk: AclTestZk;
let anonymous: AclTestZk;
const consumers: ConsumerHandle[] = [];

beforeAll(async () => {
  zk = await connectAclTestZk(rig.zkConnectString, [CREDENTIALS]);
  anonymous = await connectAclTestZk(rig.zkConnectString, []);
  // The console must create the routers directory and the rule itself, so that they carry its ACL: no other test leaves routes here.
  const left = await zk.children(DIR);
  if (Array.isArray(left) && left.length > 0) throw new Error(`${DIR} holds routes of another test: ${left.join(", ")}`);
  await zk.removeTree(DIR);
  if ((await zk.data(RULE_NODE)) !== "NO_NODE") throw new Error(`${RULE_NODE} holds another test's rule`);
  engine = startEngine(parseConfig({ CONSOLE_AUDIT_PATH: AUDIT_PATH, DUBBO_REGISTRY: REGISTRY, LOG_LEVEL: "error" }));
  await waitFor("the first full read", () => engine.registries[0]!.usable);
});

afterAll(async () => {
  await Promise.all(consumers.map((c) => c.stop()));
  await findEngine()?.close();
  // Leave nothing only this user may read (the routes, and whatever the consumers created with their credentials) for the other tests.
  await zk.removeOwned("/dubbo", OPS_ACL);
  zk.close();
  anonymous.close();
});

/** Waits until the last IN_A_ROW calls of `consumer` since call `from` all went to `provider`. */
const pinnedTo = (consumer: ConsumerHandle, from: number, provider: string) =>
  waitFor(`${consumer.app}: ${IN_A_ROW} calls in a row to ${provider}`, () => {
    const since = consumer.servedBy().slice(from);
    return since.length >= IN_A_ROW && since.slice(-IN_A_ROW).every((p) => p === provider);
  }, 30_000);

const servedByBoth = (consumer: ConsumerHandle, from: number) =>
  waitFor(`${consumer.app}: calls to both providers`, () => [provider27, provider33].every((p) => consumer.servedBy().slice(from).includes(p)), 30_000);

describe("a route written with the digest ACL, against real Dubbo consumers with the same credentials", () => {
  it("is read and obeyed by Dubbo 2.7.23 (routers category) and 3.3 (config center), and its deletion is seen by both", async () => {
    const rule = "application = acl-obeyed-* => host = 127.0.0.2";
    const res = await routes.POST(
      new Request("http://console/api/v1/routes", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ service: GREETING, name: "acl-obeyed", rule, targets: ["registry", "config-center"] }),
      }),
    );
    const json: unknown = await res.json();
    expect(res.status, JSON.stringify(json)).toBe(201);
    const saved = routeSchema.parse(json);
    // What the consumers meet: nodes only the digest user may read.
    expect([await zk.acl(DIR), await zk.acl(saved.node), await zk.acl(RULE_NODE)]).toEqual([OPS_ACL, OPS_ACL, OPS_ACL]);
    expect([await anonymous.children(DIR), await anonymous.data(RULE_NODE)]).toEqual(["NO_AUTH", "NO_AUTH"]);

    const [c27, c33] = await Promise.all([
      startConsumer({ line: "2.7", registry: REGISTRY, app: "acl-obeyed-27", intervalMs: 200 }),
      startConsumer({ line: "3.3", registry: REGISTRY, app: "acl-obeyed-33", intervalMs: 200 }),
    ]);
    consumers.push(c27, c33);
    await Promise.all([pinnedTo(c27, 0, provider27), pinnedTo(c33, 0, provider27)]);

    const [from27, from33] = [c27.servedBy().length, c33.servedBy().length];
    const deleted = await byId.DELETE(new Request(`http://console/api/v1/routes/${saved.id}?revision=${saved.revision}`, { method: "DELETE" }));
    expect(deleted.status).toBe(200);
    await Promise.all([servedByBoth(c27, from27), servedByBoth(c33, from33)]);
  });
});
