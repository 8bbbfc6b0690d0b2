import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Route } from "@/lib/api/routing/routes";
import { routesBackupSchema } from "@/lib/api/routing/routes-backup";
import { javaUrlEncode } from "@/lib/dubbo/url";
import { consoleRoutes, send } from "../support/console-routes";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";
import { startZooKeeper, type ZooKeeperHandle } from "../support/zookeeper";

/**
 * scripts/routes-backup.ts against a console (`npm run build`) on a ZooKeeper of its own:
 * export, lose the routes, import, and the routes are back; a second import changes nothing.
 */

const ROOT = join(import.meta.dirname, "..", "..");
const SERVICE = "io.backup.test.BackupService";
const run = promisify(execFile);

let zookeeper: ZooKeeperHandle;
let zk: TestZk;
let console_: ConsoleHandle;
let dir: string;

beforeAll(async () => {
  zookeeper = await startZooKeeper();
  zk = await connectTestZk(zookeeper.connectString);
  await zk.mkdirp(`/dubbo/${SERVICE}/routers`);
  // A route written by another tool (Dubbo Admin's 2.6 copy): exported, but not re-created by the API.
  await zk.create(`/dubbo/${SERVICE}/routers/${javaUrlEncode(`route://0.0.0.0/${SERVICE}?category=routers&compatible_config=true&dynamic=false&enabled=true&force=true&name=admin&priority=0&router=condition&rule=${javaUrlEncode("=> host = 10.0.9.9")}&runtime=false`)}`);
  console_ = await startConsole({ DUBBO_REGISTRY: zookeeper.dubboAddress });
  await waitForRegistrySync(console_.url);
  dir = mkdtempSync(join(tmpdir(), "routes-backup-"));
});

afterAll(async () => {
  await console_?.stop();
  zk?.close();
  await zookeeper?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs the script as `npm run routes-backup` does; resolves with its exit code and output. */
async function backup(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "scripts/routes-backup.ts", ...args, "--url", console_.url], { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const shape = (routes: Map<string, Route>) =>
  Object.fromEntries([...routes].map(([name, r]) => [name, { rule: r.rule, priority: r.priority, enabled: r.enabled, force: r.force, configCenter: r.configCenter, writer: r.origin.writer }]));

describe("npm run routes-backup", () => {
  it("exports every route, re-creates the console's after they are lost, and changes nothing on a second import", async () => {
    const bodies = [
      { service: SERVICE, name: "pin", rule: "host = 10.0.0.1 => host = 10.0.0.2", priority: 2 },
      { service: SERVICE, name: "off", rule: "=> host != 10.0.0.3", enabled: false, force: true },
      { service: SERVICE, name: "copied", rule: "=> host = 10.0.0.4", targets: ["registry", "config-center"] },
    ];
    for (const body of bodies) expect((await send(console_.url, "POST", "/api/v1/routes", body)).status).toBe(201);
    // The config-center copy is seen through its own watch, a moment after the route itself.
    const before = await waitFor("the console to list the four routes, the copy in the config center", async () => {
      const listed = await consoleRoutes(console_.url, SERVICE);
      return listed.size === 4 && listed.get("copied")?.configCenter === "present" ? listed : undefined;
    });

    const file = join(dir, "routes.json");
    const exported = await backup("export", "--out", file);
    expect(exported.code).toBe(0);
    const saved = routesBackupSchema.parse(JSON.parse(readFileSync(file, "utf8")));
    expect(saved.routes.map((r) => [r.name, r.writer]).sort()).toEqual([["admin", "dubbo-admin"], ["copied", "console"], ["off", "console"], ["pin", "console"]]);

    // Lost: the console's routes deleted (the Dubbo Admin copy stays).
    for (const r of before.values()) if (r.origin.writer === "console") expect((await send(console_.url, "DELETE", `/api/v1/routes/${r.id}?revision=${r.revision}`)).status).toBe(200);
    await waitFor("the routes to be gone", async () => (await consoleRoutes(console_.url, SERVICE)).size === 1);

    const restored = await backup("import", "--in", file);
    expect(restored.stdout).toMatch(/3 created, 1 skipped\n$/);
    expect(restored.code).toBe(1); // the skipped Dubbo Admin copy was not restored by the script
    const after = await waitFor("the console to list the restored routes, the copy in the config center", async () => {
      const listed = await consoleRoutes(console_.url, SERVICE);
      return listed.size === 4 && listed.get("copied")?.configCenter === "present" ? listed : undefined;
    });
    expect(shape(after)).toEqual(shape(before));

    const again = await backup("import", "--in", file);
    expect(again.stdout).toMatch(/3 unchanged, 1 skipped\n$/);
  });

  it("leaves a route that differs from the backup alone unless --replace", async () => {
    const file = join(dir, "one.json");
    const listed = await consoleRoutes(console_.url, SERVICE);
    const pin = listed.get("pin")!;
    writeFileSync(file, JSON.stringify({ format: "dubbo-console-routes", version: 1, exportedAt: 0, routes: [{ registry: pin.registry, service: SERVICE, group: "", version: "", name: "pin", rule: pin.rule, priority: 7, force: false, runtime: false, enabled: true, targets: ["registry"], writer: "console" }] }));
    const differs = await backup("import", "--in", file);
    expect([differs.code, differs.stdout]).toEqual([1, expect.stringMatching(/^differs .*"pin": .*--replace/)]);
    const replaced = await backup("import", "--in", file, "--replace");
    expect([replaced.code, replaced.stdout]).toEqual([0, expect.stringMatching(/1 replaced\n$/)]);
    await waitFor("the replaced route", async () => (await consoleRoutes(console_.url, SERVICE)).get("pin")?.priority === 7);
  });

  it("refuses a file that is not a backup, in one line, with status 2", async () => {
    const file = join(dir, "bad.json");
    writeFileSync(file, JSON.stringify({ routes: [] }));
    const bad = await backup("import", "--in", file);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringMatching(/^routes-backup: not a routes backup: format: /)]);
  });
});
