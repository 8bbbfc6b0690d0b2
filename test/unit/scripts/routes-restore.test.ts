import { describe, expect, it } from "vitest";
import type { CreateRouteBody, ReplaceRouteBody, Route } from "@/lib/api/routing/routes";
import { createBodyOf, holdsBackup, routesBackupSchema, toBackup } from "@/lib/api/routing/routes-backup";
import { restoreRoutes, type RoutesApi } from "@/scripts/routes-restore";

const route = (over: Partial<Route> = {}): Route => ({
  id: "0.x.rev1",
  registry: "zookeeper://zk:2181",
  service: "io.demo.Svc",
  group: "",
  version: "",
  name: "pin",
  rule: "=> host = 10.0.0.1",
  priority: 0,
  force: false,
  runtime: false,
  enabled: true,
  targets: ["registry"],
  configCenter: "none",
  origin: { writer: "console", loaded: true, reason: null },
  revision: "rev1",
  node: "/dubbo/io.demo.Svc/routers/x",
  url: "route://0.0.0.0/io.demo.Svc",
  ...over,
});

/** An API over an in-memory registry of routes by name: POST refuses a taken name with 409, as the console does. */
function fakeApi(initial: Route[]): RoutesApi & { routes: Map<string, Route>; calls: string[] } {
  const routes = new Map(initial.map((r) => [r.name, r]));
  const calls: string[] = [];
  return {
    routes,
    calls,
    list: async () => [...routes.values()],
    create: async (body: CreateRouteBody) => {
      calls.push(`POST ${body.name}`);
      if (routes.has(body.name)) return { status: 409, error: { code: "conflict", message: "taken" } };
      routes.set(body.name, route({ ...body, registry: body.registry!, configCenter: body.targets.includes("config-center") ? "present" : "none" }));
      return { status: 201 };
    },
    replace: async (id: string, body: ReplaceRouteBody) => {
      calls.push(`PUT ${id} ${body.revision}`);
      const old = [...routes.values()].find((r) => r.id === id)!;
      routes.set(old.name, { ...old, ...body, targets: body.targets ?? old.targets });
      return { status: 200 };
    },
  };
}

describe("toBackup", () => {
  it("keeps what POST takes and who wrote each route, and keeps a disabled route's withheld copy as asked for", () => {
    const backup = toBackup([route(), route({ name: "off", enabled: false, targets: ["registry"], configCenter: "withheld", origin: { writer: "dubbo-admin", loaded: false, reason: "x" } })], 42);
    expect(routesBackupSchema.parse(backup)).toEqual(backup);
    expect(backup.routes.map((r) => [r.name, r.targets, r.writer])).toEqual([
      ["pin", ["registry"], "console"],
      ["off", ["registry", "config-center"], "dubbo-admin"],
    ]);
    expect(createBodyOf(backup.routes[0]!, "zookeeper://other:2181")).toEqual({
      service: "io.demo.Svc", group: "", version: "", name: "pin", registry: "zookeeper://other:2181",
      rule: "=> host = 10.0.0.1", priority: 0, force: false, runtime: false, enabled: true, targets: ["registry"],
    });
  });

  it("reads a route whose copy is present as holding a backup that asks for one", () => {
    const [entry] = toBackup([route({ targets: ["registry", "config-center"], configCenter: "present" })], 0).routes;
    expect(holdsBackup(route({ configCenter: "present" }), entry!)).toBe(true);
    expect(holdsBackup(route({ configCenter: "none" }), entry!)).toBe(false);
    expect(holdsBackup(route({ configCenter: "present", priority: 1 }), entry!)).toBe(false);
  });
});

describe("restoreRoutes", () => {
  const backup = toBackup([route({ name: "a" }), route({ name: "b", priority: 3 }), route({ name: "c", origin: { writer: "other", loaded: true, reason: null } })], 0);

  it("creates what is missing, counts an identical route unchanged, and skips routes others wrote", async () => {
    const api = fakeApi([route({ name: "b", priority: 3 })]);
    const lines = await restoreRoutes(api, backup);
    expect(lines.map((l) => [l.route.name, l.outcome])).toEqual([["a", "created"], ["b", "unchanged"], ["c", "skipped"]]);
    expect(api.calls).toEqual(["POST a", "POST b"]);
  });

  it("leaves a route of the same name with other content alone unless asked to replace it, based on its revision", async () => {
    const differs = await restoreRoutes(fakeApi([route({ name: "b", priority: 9, id: "id-b", revision: "rev-b" })]), backup);
    expect(differs[1]).toMatchObject({ outcome: "differs", detail: expect.stringContaining("--replace") });
    const api = fakeApi([route({ name: "b", priority: 9, id: "id-b", revision: "rev-b" })]);
    const replaced = await restoreRoutes(api, backup, { replace: true });
    expect(replaced[1]!.outcome).toBe("replaced");
    expect(api.calls).toContain("PUT id-b rev-b");
    expect(api.routes.get("b")!.priority).toBe(3);
  });

  it("reports a route the console refuses as failed, with the error", async () => {
    const api: RoutesApi = { list: async () => [], create: async () => ({ status: 400, error: { code: "validation_failed", message: "rule: bad" } }), replace: async () => ({ status: 200 }) };
    const lines = await restoreRoutes(api, backup);
    expect(lines[0]).toMatchObject({ outcome: "failed", detail: "400 validation_failed: rule: bad" });
  });
});
