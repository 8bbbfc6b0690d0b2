import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as routes from "@/app/api/v1/routes/route";
import { javaUrlEncode } from "@/lib/dubbo/url";
import { createAcl, digestId } from "@/server/registry/zk/zk-acl";
import { parseAclSpec } from "@/server/registry/zk/zk-acl-spec";
import { parseConfig } from "@/server/runtime/config";
import { Engine, findEngine, startEngine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { waitFor } from "../support/wait-for";
import { type AclTestZk, connectAclTestZk } from "../support/zk-acl-client";

/**
 * ZooKeeper digest ACLs against the rig's ZooKeeper: the ACL the console writes on what it
 * creates (read back with getACL), a 403 naming the node when another user's ACL refuses
 * a write, and browsing that goes on when one service's node cannot be read.
 */

const rig = inject("rig");
/**
 * The audit trail of this file's engines, apart from the one at the default path: entries
 * and the path itself are created with this file's digest ACL, which the rig's other
 * consoles (no credentials) could then not write under, and every route change writes its
 * entry in the same multi.
 */
const AUDIT_PATH = "/dubbo-console-zk-acl/audit";
const OPS = "ops:pass";
const OTHER = "other:secret";
/** The rig's registry with the console's digest credentials. */
const withCredentials = (credentials: string) => rig.zkAddress.replace("zookeeper://", `zookeeper://${credentials}@`);
const OPS_ACL = `digest:${digestId("ops", "pass")}:cdrwa`;
const OTHER_ONLY = createAcl({ auth: { username: "other", password: "secret" } });
const OTHER_AND_READ = createAcl({}, parseAclSpec(`digest:${digestId("other", "secret")}:cdrwa,world:anyone:r`));

const WRITTEN = "io.acl.test.WrittenService";
const CONFIGURED = "io.acl.test.ConfiguredService";
const FOREIGN = "io.acl.test.ForeignService";
const UNREADABLE = "io.acl.test.UnreadableService";
const HIDDEN = "io.acl.test.HiddenService";
const VISIBLE = "io.acl.test.VisibleService";
const ALL = [WRITTEN, CONFIGURED, FOREIGN, UNREADABLE, HIDDEN, VISIBLE];
/** A whole CreateRouteBody, for the route store called directly. */
const BODY = { service: "", group: "", version: "", name: "acl", rule: "=> host = 10.0.0.1", targets: ["registry" as const], priority: 0, force: false, runtime: true, enabled: true };
const ruleNode = (service: string) => `/dubbo/config/dubbo/${service}::.condition-router`;

let engine: Engine;
/** Holds both identities, so it can arrange and clean up everything. */
let admin: AclTestZk;
/** Holds none: what a Dubbo peer without credentials may do. */
let anonymous: AclTestZk;
const others: Engine[] = [];

async function cleanUp(): Promise<void> {
  for (const s of ALL) {
    await admin.removeTree(`/dubbo/${s}`);
    await admin.removeTree(ruleNode(s));
  }
}

beforeAll(async () => {
  admin = await connectAclTestZk(rig.zkConnectString, [OPS, OTHER]);
  anonymous = await connectAclTestZk(rig.zkConnectString, []);
  await cleanUp();
  engine = startEngine(parseConfig({ CONSOLE_AUDIT_PATH: AUDIT_PATH, DUBBO_REGISTRY: withCredentials(OPS), LOG_LEVEL: "error" }));
  await waitFor("the first full read", () => engine.registries[0]!.usable);
});

afterAll(async () => {
  await Promise.all(others.map((e) => e.close()));
  await findEngine()?.close();
  await cleanUp();
  admin.close();
  anonymous.close();
});

async function post(body: Record<string, unknown>): Promise<{ status: number; json: { error?: { code: string; message: string; node?: string } } }> {
  const request = new Request("http://console/api/v1/routes", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const res = await routes.POST(request);
  return { status: res.status, json: (await res.json()) as { error?: { code: string; message: string; node?: string } } };
}

/** An engine of its own (the process's engine keeps its configuration), closed after the file. */
async function startOther(env: Record<string, string>): Promise<Engine> {
  const other = new Engine(parseConfig({ CONSOLE_AUDIT_PATH: AUDIT_PATH, LOG_LEVEL: "error", ...env }), silentLogger);
  others.push(other);
  other.start();
  await waitFor("the other engine's first full read", () => other.registries[0]!.usable);
  return other;
}

describe("the ACL of what the console creates", () => {
  it("gives every node it creates, parents and config-center rule included, all permissions for its digest user only, as Dubbo does", async () => {
    const answer = await post({ service: WRITTEN, name: "acl", rule: "=> host = 10.0.0.1", targets: ["registry", "config-center"] });
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
    const dir = `/dubbo/${WRITTEN}/routers`;
    const children = await admin.children(dir);
    expect(children).toHaveLength(1);
    const written = [`/dubbo/${WRITTEN}`, dir, `${dir}/${(children as string[])[0]}`, ruleNode(WRITTEN)];
    expect(await Promise.all(written.map((p) => admin.acl(p)))).toEqual(written.map(() => OPS_ACL));
    // Enforced: a client without the credentials may not list the routes or read the rule.
    expect([await anonymous.children(dir), await anonymous.data(ruleNode(WRITTEN))]).toEqual(["NO_AUTH", "NO_AUTH"]);
  });

  it("writes the ACL CONSOLE_ZK_ACL gives instead", async () => {
    const configured = `${OPS_ACL},world:anyone:r`;
    const other = await startOther({ DUBBO_REGISTRY: withCredentials(OPS), CONSOLE_ZK_ACL: configured });
    await other.routes.create({ ...BODY, service: CONFIGURED });
    const dir = `/dubbo/${CONFIGURED}/routers`;
    const [node] = (await admin.children(dir)) as string[];
    expect([await admin.acl(`/dubbo/${CONFIGURED}`), await admin.acl(dir), await admin.acl(`${dir}/${node}`)]).toEqual([configured, configured, configured]);
    expect(await anonymous.children(dir)).toEqual([node]);
  });
});

describe("ZooKeeper's refusals", () => {
  it("answers 403 forbidden naming the node when another user's ACL refuses the write", async () => {
    await admin.createWithAcl(`/dubbo/${FOREIGN}/routers`, OTHER_AND_READ);
    const answer = await post({ service: FOREIGN, name: "acl", rule: "=> host = 10.0.0.1", targets: ["registry"] });
    expect([answer.status, answer.json.error?.code, answer.json.error?.node]).toEqual([403, "forbidden", `/dubbo/${FOREIGN}/routers`]);
    expect(answer.json.error?.message).toBe(`ZooKeeper refused setData on /dubbo/${FOREIGN}/routers: NoAuth; the console's credentials (user "ops") lack permission`);
    expect(await admin.children(`/dubbo/${FOREIGN}/routers`)).toEqual([]);
  });

  it("answers 403 forbidden naming the node when the routes cannot even be read", async () => {
    await admin.createWithAcl(`/dubbo/${UNREADABLE}/routers`, OTHER_ONLY);
    const answer = await post({ service: UNREADABLE, name: "acl", rule: "=> host = 10.0.0.1", targets: ["registry"] });
    expect([answer.status, answer.json.error?.code, answer.json.error?.node]).toEqual([403, "forbidden", `/dubbo/${UNREADABLE}/routers`]);
    expect(answer.json.error?.message).toMatch(/^ZooKeeper refused getData on \/dubbo\/io\.acl\.test\.UnreadableService\/routers: NoAuth; /);
  });

  it("a wrong password is not refused when the session starts (digest only names an identity), so the writes say whose credentials were refused", async () => {
    const other = await startOther({ DUBBO_REGISTRY: withCredentials("ops:wrong") });
    expect(other.registries[0]!.session.state.type).toBe("connected");
    await expect(
      other.routes.create({ ...BODY, service: WRITTEN, name: "second" }),
    ).rejects.toMatchObject({ code: "forbidden", details: { node: `/dubbo/${WRITTEN}`, operation: "getData", zookeeper: "NoAuth" } });
  });

  it("browses the other services when one service's node cannot be read, and marks that node", async () => {
    const hidden = `/dubbo/${HIDDEN}`;
    await admin.createWithAcl(hidden, OTHER_ONLY);
    await admin.createWithAcl(`${hidden}/providers`, OTHER_ONLY);
    const url = (service: string) => javaUrlEncode(`dubbo://10.9.9.9:20880/${service}?interface=${service}&application=acl-test&methods=a`);
    await admin.createWithAcl(`${hidden}/providers/${url(HIDDEN)}`, OTHER_ONLY);
    await admin.createWithAcl(`/dubbo/${VISIBLE}/providers/${url(VISIBLE)}`, createAcl({}));
    // A fresh engine: its first full read must finish although one read is refused.
    const other = await startOther({ DUBBO_REGISTRY: rig.zkAddress });
    const view = other.registries[0]!.view;
    expect(view.service(VISIBLE)?.get("providers")?.map((e) => e.url.host)).toEqual(["10.9.9.9"]);
    expect(view.service(HIDDEN)).toBeUndefined();
    const marked = other.registryStatus().registries[0]!.invalidNodes.find((n) => n.path === hidden);
    expect(marked?.reason).toBe(`ZooKeeper refused getChildren on ${hidden}: NoAuth; the console has no ZooKeeper credentials (give them as user:password@ in DUBBO_REGISTRY)`);
    // The running engine (other credentials) sees the node appear through its watch and marks it the same way.
    await waitFor("the running engine to mark the hidden service", () => engine.registryStatus().registries[0]!.invalidNodes.some((n) => n.path === hidden));
    expect(engine.registries[0]!.view.service(VISIBLE)).toBeDefined();
  });
});
