/**
 * `npm run demo`: everything an operator needs to see the console work, on one machine.
 *
 * Starts an embedded ZooKeeper (127.0.0.1:2181, or a free port if 2181 is taken), two
 * Dubbo 2.7.23 and two Dubbo 3.3 demo providers on their own loopback hosts, a 2.7 and a
 * 3.3 demo consumer, builds the console if needed, and serves it at http://localhost:3000
 * (PORT to change). Ctrl-C stops everything.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { killAllPeers } from "../test/support/child-process";
import { startConsumer, startProvider } from "../test/support/dubbo-peers";
import { freePort } from "../test/support/free-port";
import { ensureJavaPeersBuilt } from "../test/support/java-build";
import { startEnsembleOn } from "../test/support/zookeeper";
import { launchConsole } from "../test/support/console-server";

const ROOT = join(import.meta.dirname, "..");

async function portIsFree(port: number): Promise<boolean> {
  const { createServer } = await import("node:net");
  return new Promise((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
}

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  if (!(await portIsFree(port))) throw new Error(`port ${port} is taken; set PORT to another`);
  process.stdout.write("Building the Java demo peers (Maven)…\n");
  ensureJavaPeersBuilt();
  if (!existsSync(join(ROOT, ".next", "BUILD_ID"))) {
    process.stdout.write("Building the console (next build)…\n");
    execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  }
  const zkPort = (await portIsFree(2181)) ? 2181 : await freePort();
  const zk = await startEnsembleOn([zkPort]);
  const registry = zk.dubboAddress;
  process.stdout.write(`ZooKeeper at ${zk.connectString}\nStarting demo providers and consumers…\n`);
  const providers = await Promise.all([
    startProvider({ line: "2.7", registry, host: "127.0.0.2", app: "shop-backend-27" }),
    startProvider({ line: "2.7", registry, host: "127.0.0.3", app: "shop-backend-27" }),
    startProvider({ line: "3.3", registry, host: "127.0.0.4", app: "shop-backend-33" }),
    startProvider({ line: "3.3", registry, host: "127.0.0.5", app: "shop-backend-33", services: ["greeting", "types"] }),
    startProvider({ line: "3.3", registry, host: "127.0.0.6", app: "inventory-33-instance-only", registerMode: "instance", metadataType: "remote" }),
  ]);
  const consumers = await Promise.all([
    startConsumer({ line: "2.7", registry, app: "storefront-27", intervalMs: 2_000 }),
    startConsumer({ line: "3.3", registry, app: "storefront-33", intervalMs: 2_000 }),
  ]);
  const console_ = launchConsole({ DUBBO_REGISTRY: registry, PORT: String(port) }, port);
  console_.process.stdout?.pipe(process.stdout);
  console_.process.stderr?.pipe(process.stderr);
  await console_.waitForLine(/Ready in/, 60_000);
  process.stdout.write(
    [
      "",
      `Dubbo Console: http://localhost:${port}`,
      `Registry:      ${registry}`,
      ...providers.map((p) => `Provider:      ${p.address}  Dubbo ${p.line}  (${p.app})`),
      ...consumers.map((c) => `Consumer:      ${c.app}`),
      "Ctrl-C stops everything.",
      "",
    ].join("\n"),
  );
  const stop = async () => {
    process.stdout.write("\nStopping…\n");
    await console_.stop();
    await Promise.all([...consumers, ...providers].map((p) => p.stop()));
    await zk.stop();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop());
  process.once("SIGTERM", () => void stop());
  await console_.exited;
}

main().catch((e: unknown) => {
  process.stderr.write(`demo failed: ${e instanceof Error ? e.message : String(e)}\n`);
  killAllPeers();
  process.exit(1);
});
