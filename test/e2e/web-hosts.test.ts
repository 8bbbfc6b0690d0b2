import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { rawRequest } from "../support/raw-request";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * Issue 15 items 4, 6c and 6d against the built console with sign-in off (the setting under
 * which a DNS-rebinding page could write): a Host that is not the console's own is refused
 * with a typed 421 before anything runs, the same-origin check compares the scheme, and route
 * writes that would land outside a service's tree are typed 400s. Each refusal is checked in
 * ZooKeeper too: nothing was written.
 */

const rig = inject("rig");
const SERVICE = "io.webhosts.test.RebindService";

let server: ConsoleHandle;
let zk: TestZk;
let port: string;

const routesIn = async (service: string) => (await zk.children(`/dubbo/${service}/routers`).catch(() => [] as string[])).length;
const codeOf = (text: string) => (JSON.parse(text) as { error?: { code?: string } }).error?.code;

function createRoute(host: string, origin: string, body: object = { service: SERVICE, name: `r-${Math.random().toString(36).slice(2, 8)}`, rule: "=> host = 10.9.9.9", force: true }) {
  return rawRequest(`${server.url}/api/v1/routes`, { method: "POST", headers: { host, origin }, body: JSON.stringify(body) });
}

beforeAll(async () => {
  zk = await connectTestZk(rig.zkConnectString);
  await zk.removeTree(`/dubbo/${SERVICE}`);
  server = await startConsole({ DUBBO_REGISTRY: rig.zkAddress, CONSOLE_ALLOWED_HOSTS: "console.test" });
  port = new URL(server.url).port;
  await waitForRegistrySync(server.url);
});

afterAll(async () => {
  await server?.stop();
  await zk?.removeTree(`/dubbo/${SERVICE}`);
  // Only what a pre-fix console wrote into the reserved trees: /dubbo/config itself is the config center.
  for (const reserved of ["config", "metadata", "mapping", "zookeeper"]) await zk?.removeTree(`/dubbo/${reserved}/routers`);
  zk?.close();
});

describe("DNS rebinding", () => {
  it("refuses a forced route from a page on another host name with 421, and writes nothing", async () => {
    const host = `attacker.example:${port}`;
    const res = await createRoute(host, `http://${host}`);
    expect([res.status, JSON.parse(res.text)]).toEqual([
      421,
      { error: { code: "host_not_allowed", host, message: `the host "${host}" is not one of this console's names; add it to CONSOLE_ALLOWED_HOSTS if it is` } },
    ]);
    expect(await routesIn(SERVICE)).toBe(0);
  });

  it("refuses reads and pages from another host name too, but answers the health probe", async () => {
    const host = `attacker.example:${port}`;
    const [services, page, health] = await Promise.all(["/api/v1/services", "/services", "/api/health?probe=live"].map((path) => rawRequest(`${server.url}${path}`, { headers: { host } })));
    expect([services!.status, codeOf(services!.text)]).toEqual([421, "host_not_allowed"]);
    expect(page!.status).toBe(421);
    expect(health!.status).toBe(200);
  });

  it("refuses a request whose X-Forwarded-Host is another host name", async () => {
    const res = await rawRequest(`${server.url}/api/v1/services`, { headers: { host: `127.0.0.1:${port}`, "x-forwarded-host": "attacker.example" } });
    expect([res.status, codeOf(res.text)]).toEqual([421, "host_not_allowed"]);
  });

  it("takes writes addressed to the loopback names and to CONSOLE_ALLOWED_HOSTS", async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `console.test:${port}`]) {
      const res = await createRoute(host, `http://${host}`);
      expect([host, res.status]).toEqual([host, 201]);
    }
    expect(await routesIn(SERVICE)).toBe(3);
  });

  it("refuses a write whose Origin has the console's host but another scheme", async () => {
    const before = await routesIn(SERVICE);
    const res = await createRoute(`127.0.0.1:${port}`, `https://127.0.0.1:${port}`);
    expect([res.status, codeOf(res.text)]).toEqual([403, "forbidden"]);
    expect(JSON.parse(res.text).error.message).toContain("cross-origin write refused");
    expect(await routesIn(SERVICE)).toBe(before);
  });
});

describe("route writes outside a service's tree", () => {
  it.each([
    ["..", "Li4"],
    [".", "Lg"],
  ])("answers a route id whose directory part is %j with 400", async (_dir, encoded) => {
    for (const method of ["PUT", "DELETE"]) {
      const res = await rawRequest(`${server.url}/api/v1/routes/0.${encoded}.AAAAAAAAAAAAAAAA`, { method, headers: { origin: server.url }, body: method === "PUT" ? JSON.stringify({ revision: "AAAAAAAAAAAAAAAA" }) : undefined });
      expect([method, res.status, codeOf(res.text)]).toEqual([method, 400, "validation_failed"]);
    }
  });

  it.each(["config", "metadata", "mapping", "zookeeper"])("refuses a route for Dubbo's reserved tree %j with a typed 400, writing nothing", async (service) => {
    const res = await createRoute(`127.0.0.1:${port}`, server.url, { service, name: "reserved", rule: "=> host = 10.9.9.9" });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({ error: { code: "validation_failed", issues: [{ path: "service", message: expect.stringContaining("is the name of a tree Dubbo or ZooKeeper keeps under the root") }] } });
    expect(await routesIn(service)).toBe(0);
  });
});
