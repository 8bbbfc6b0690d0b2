import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { digestId } from "@/server/registry/zk/zk-acl";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { waitFor } from "../support/wait-for";
import { type AclTestZk, connectAclTestZk } from "../support/zk-acl-client";
import { startZooKeeper, type ZooKeeperHandle } from "../support/zookeeper";

/**
 * A ZooKeeper that enforces authentication (3.7+ `enforce.auth.enabled`, digest scheme)
 * answers every request of an unauthenticated session with error -124, a code
 * node-zookeeper-client 1.1.3 does not know and used to throw on inside its socket
 * handler (an uncaught exception: vitest fails the file on one). The console without
 * credentials must say why it sees nothing; with them, it must work.
 */

let zk: ZooKeeperHandle;
let admin: AclTestZk;
const engines: Engine[] = [];

beforeAll(async () => {
  zk = await startZooKeeper(["-Dzookeeper.enforce.auth.enabled=true", "-Dzookeeper.enforce.auth.schemes=digest"]);
  admin = await connectAclTestZk(zk.connectString, ["ops:pass"]);
});

afterAll(async () => {
  await Promise.all(engines.map((e) => e.close()));
  admin?.close();
  await zk?.stop();
});

function start(registry: string): Engine {
  const engine = new Engine(parseConfig({ DUBBO_REGISTRY: registry, LOG_LEVEL: "error" }), silentLogger);
  engines.push(engine);
  engine.start();
  return engine;
}

describe("a ZooKeeper that enforces authentication", () => {
  it("refuses a console without credentials, and the registry status says why instead of a silent timeout", async () => {
    const engine = start(zk.dubboAddress);
    const status = await waitFor("the refusal on the status page", () => {
      const s = engine.registryStatus().registries[0]!;
      return s.lastError?.message.includes("SessionClosedRequireAuth") ? s : undefined;
    }, 30_000);
    // The registry's first read and the audit trail's (same session) race: either is refused first.
    expect(status.lastError?.message).toMatch(
      /^ZooKeeper refused getChildren on \/dubbo(-console\/audit)?: SessionClosedRequireAuth; ZooKeeper enforces authentication \(enforce\.auth\.enabled\) and closed the session: give the console credentials as user:password@ in DUBBO_REGISTRY$/,
    );
    await expect(engine.routes.create({ service: "io.acl.test.Enforced", group: "", version: "", name: "r", rule: "=> host = 10.0.0.1", targets: ["registry"], priority: 0, force: false, runtime: true, enabled: true })).rejects.toMatchObject({
      code: expect.stringMatching(/^(forbidden|registry_unavailable)$/),
    });
    expect(await admin.children("/dubbo/io.acl.test.Enforced")).toBe("NO_NODE");
  });

  it("serves a console with digest credentials, and its routes carry their ACL", async () => {
    const engine = start(zk.dubboAddress.replace("zookeeper://", "zookeeper://ops:pass@"));
    await waitFor("the first full read", () => engine.registries[0]!.usable, 30_000);
    const route = await engine.routes.create({ service: "io.acl.test.Enforced", group: "", version: "", name: "r", rule: "=> host = 10.0.0.1", targets: ["registry"], priority: 0, force: false, runtime: true, enabled: true });
    expect(await admin.acl(route.node)).toBe(`digest:${digestId("ops", "pass")}:cdrwa`);
    expect(engine.registryStatus().registries[0]!.lastError).toBeNull();
  });
});
