/**
 * `npm run demo`: everything an operator needs to see the console work, on one machine.
 *
 * Starts an embedded ZooKeeper, two Dubbo 2.7.23 and two Dubbo 3.3 demo providers on their
 * own loopback hosts, a 2.7 and a 3.3 demo consumer, builds the console if needed, and
 * serves it. Environment:
 * - PORT: the console's port (default 3000);
 * - HOST: the address the console listens on (default 127.0.0.1; 0.0.0.0 for every
 *   IPv4 address, to open it from another machine);
 * - ZK_PORT: ZooKeeper's port on 127.0.0.1 (default 2181, or a free port if 2181 is taken).
 *
 * Sign-in is on: the demo writes a users file into its temporary folder with the users
 * admin, operator, invoker and viewer, each with a fresh random password, and a random
 * session secret, and prints the names and passwords once the console is up. There is no
 * built-in password; each run has new ones.
 *
 * Ctrl-C (or SIGTERM, or the terminal closing) stops the console, then the consumers,
 * then the providers, then ZooKeeper, and removes the demo's temporary folder. Every peer
 * runs in a process group of its own, so the terminal's Ctrl-C reaches this process only
 * and ZooKeeper cannot go first (Dubbo's shutdown hooks would then hang unregistering).
 * Each peer gets a few seconds after SIGTERM, then SIGKILL; all is over within about 7 s. Ctrl-C again, 2 s or more
 * after the first, kills everything at once. If this process itself is killed (SIGKILL),
 * the orphan reaper (test/support/orphan-reaper.ts) kills the peers and removes the folder.
 *
 * npm runs this as `node --import tsx scripts/demo.ts`, not `tsx scripts/demo.ts`: the
 * tsx launcher relays signals to its child and SIGKILLs a child that does not acknowledge
 * one within 30 ms, which on a busy machine ended the demo before it had stopped anything.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { killAllPeers, type Peer, runningPeers, startPeer } from "../test/support/child-process";
import { launchConsole } from "../test/support/console-server";
import { type ConsumerHandle, type ProviderHandle, startConsumer, startProvider } from "../test/support/dubbo-peers";
import { freePort } from "../test/support/free-port";
import { ensureJavaPeersBuilt } from "../test/support/java-build";
import { orphanReaper } from "../test/support/orphan-reaper";
import { startEnsembleOn, type ZooKeeperHandle } from "../test/support/zookeeper";
import { TEST_ROLES, writeUsersFile } from "../test/support/users-file";
import { handleStopSignals } from "./stop-signals";

const ROOT = join(import.meta.dirname, "..");
/**
 * SIGTERM to SIGKILL, per peer. Short, because a Dubbo shutdown hook can hang for minutes
 * when ZooKeeper is gone; with ZooKeeper up a 2.7 provider needs about 4.2 s (Netty's
 * two 2 s quiet periods), a 3.3 one about 1.5 s, a consumer under 1 s.
 */
const GRACE_MS = 3_000;
const PROVIDER_GRACE_MS = 5_000;
const DEFAULT_ZK_PORT = 2181;
/** Dubbo's QoS port, which the console asks at a provider's host (CONSOLE_QOS_PORT's default). */
const DUBBO_QOS_PORT = 22222;

/** A setting of the demo that cannot work (a bad variable, a taken port). */
class DemoSetupError extends Error {
  override readonly name = "DemoSetupError";
  readonly code = "demo_setup";
}

/** What has been started so far, in the order it must stop in reverse. */
interface Started {
  zk?: ZooKeeperHandle;
  providers: ProviderHandle[];
  consumers: ConsumerHandle[];
  console?: Peer;
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function portSetting(name: string, fallback: number | undefined): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new DemoSetupError(`${name}=${raw} is not a port number from 1 to 65535`);
  return port;
}

function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(false));
    s.listen(port, host, () => s.close(() => resolve(true)));
  });
}

/** The address to print for the console: a name a browser on this (or another) machine can use. */
function consoleUrl(host: string, port: number): string {
  if (host === "127.0.0.1" || host === "localhost" || host === "::1") return `http://localhost:${port}`;
  if (host === "0.0.0.0" || host === "::") return `http://${hostname()}:${port} (listening on every address)`;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

/** Runs `npm run build` as a peer (so a Ctrl-C meanwhile stops it), its output shown. */
async function buildConsole(): Promise<void> {
  say("Building the console (next build)…");
  const build = startPeer("next build", "npm", ["run", "build"], { cwd: ROOT });
  build.process.stdout?.pipe(process.stdout);
  build.process.stderr?.pipe(process.stderr);
  const code = await build.exited;
  if (code !== 0) throw new DemoSetupError(`next build exited with ${code}`);
}

async function start(started: Started, tmp: string): Promise<void> {
  const port = portSetting("PORT", 3000)!;
  const host = process.env.HOST || "127.0.0.1";
  if (!(await portIsFree(port, host))) throw new DemoSetupError(`port ${port} is taken on ${host}; set PORT to another`);
  const zkPort = portSetting("ZK_PORT", undefined) ?? ((await portIsFree(DEFAULT_ZK_PORT, "127.0.0.1")) ? DEFAULT_ZK_PORT : await freePort());
  await ensureJavaPeersBuilt(say);
  // A build from before the start checks were compiled into it has no console-start/: build again.
  if (!existsSync(join(ROOT, ".next", "BUILD_ID")) || !existsSync(join(ROOT, ".next", "console-start", "start-checks.mjs"))) await buildConsole();

  started.zk = await startEnsembleOn([zkPort], tmp);
  const registry = started.zk.dubboAddress;
  say(`ZooKeeper at ${started.zk.connectString}\nStarting demo providers and consumers…`);
  const stateDir = join(tmp, "java");
  // Each provider has QoS on Dubbo's port at its own loopback host, where the console looks for it (the Address page's "Dubbo QoS").
  const provider = (options: Omit<Parameters<typeof startProvider>[0], "registry" | "stateDir" | "qosPort">) =>
    startProvider({ ...options, registry, stateDir, qosPort: DUBBO_QOS_PORT }).then((p) => (started.providers.push(p), p));
  const providers = await Promise.all([
    provider({ line: "2.7", host: "127.0.0.2", app: "shop-backend-27" }),
    provider({ line: "2.7", host: "127.0.0.3", app: "shop-backend-27" }),
    // The 3.3 providers export Dubbo's metrics at their QoS (/metrics): the Metrics tab scrapes them.
    // …and this one exports every service on Triple too (tri://, beside dubbo://): the Invoke page calls either;
    // and the IDL OrderService (protobuf, on tri only, with gRPC reflection), whose form the console builds from reflection.
    provider({ line: "3.3", host: "127.0.0.4", app: "shop-backend-33", metrics: true, services: ["greeting", "types", "fault", "orders"], extraProtocols: [{ name: "tri", port: await freePort("0.0.0.0") }] }),
    provider({ line: "3.3", host: "127.0.0.5", app: "shop-backend-33", services: ["greeting", "types"], metrics: true }),
    provider({ line: "3.3", host: "127.0.0.6", app: "inventory-33-instance-only", registerMode: "instance", metadataType: "remote", metrics: true }),
  ]);
  const consumer = (line: "2.7" | "3.3", app: string) =>
    startConsumer({ line, registry, app, intervalMs: 500, stateDir }).then((c) => (started.consumers.push(c), c));
  const consumers = await Promise.all([consumer("2.7", "storefront-27"), consumer("3.3", "storefront-33")]);

  const users = await writeUsersFile(tmp);
  const console_ = launchConsole({ DUBBO_REGISTRY: registry, PORT: String(port), ...users.env }, port, host);
  started.console = console_;
  console_.process.stdout?.pipe(process.stdout);
  console_.process.stderr?.pipe(process.stderr);
  await console_.waitForLine(/Ready in/, 60_000);
  say(
    [
      "",
      `Dubbo Console: ${consoleUrl(host, port)}`,
      `Registry:      ${registry}`,
      ...providers.map((p) => `Provider:      ${p.address}  Dubbo ${p.line}  (${p.app})${p.extraProtocols?.length ? `  + ${p.extraProtocols.map((x) => `${x.name}://${p.host}:${x.port}`).join(", ")}` : ""}`),
      ...consumers.map((c) => `Consumer:      ${c.app}`),
      "Sign in as (name / password, new on every run):",
      ...TEST_ROLES.map((role) => `  ${role.padEnd(9)} ${users.passwords[role]}`),
      `Admin API token (Authorization: Bearer): ${users.tokens.admin}`,
      "Ctrl-C stops everything.",
      "",
    ].join("\n"),
  );
}

/** Stops what `started` holds, in order, then whatever else is still running, then removes `tmp`. */
async function stopAll(started: Started, tmp: string): Promise<void> {
  await started.console?.stop(GRACE_MS);
  await Promise.all(started.consumers.map((c) => c.peer.stop(GRACE_MS)));
  await Promise.all(started.providers.map((p) => p.peer.stop(PROVIDER_GRACE_MS)));
  // Peers still starting when the signal came (and a build) have no handle yet.
  const zkPeers = new Set(started.zk?.nodes.map((n) => n.peer));
  await Promise.all(runningPeers().filter((p) => !zkPeers.has(p)).map((p) => p.stop(GRACE_MS)));
  await started.zk?.stop();
  killAllPeers();
  removeTmp(tmp);
}

function removeTmp(tmp: string): void {
  // Retries: a peer killed a moment ago may still be finishing a write into it.
  rmSync(tmp, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  orphanReaper().keepDir(tmp);
}

function main(): void {
  const tmp = mkdtempSync(join(tmpdir(), "dubbo-demo-"));
  orphanReaper().removeDirOnDeath(tmp);
  const started: Started = { providers: [], consumers: [] };
  let stopping = false;
  const stopAndExit = (why: string, code: number) => {
    if (stopping) return;
    stopping = true;
    say(`\n${why}: stopping… (Ctrl-C again after 2 s kills everything at once)`);
    stopAll(started, tmp).then(
      () => {
        say("Stopped.");
        process.exit(code);
      },
      (e: unknown) => {
        process.stderr.write(`demo: stopping failed: ${e instanceof Error ? e.message : String(e)}\n`);
        killAllPeers();
        removeTmp(tmp);
        process.exit(1);
      },
    );
  };
  handleStopSignals({
    stop: (signal) => stopAndExit(signal, 0),
    escalate: () => {
      say("Killing everything at once.");
      killAllPeers();
      removeTmp(tmp);
      process.exit(130);
    },
  });
  start(started, tmp).then(
    () =>
      void started.console?.exited.then((code) => {
        if (!stopping) stopAndExit(`the console exited with ${code}`, 1);
      }),
    (e: unknown) => {
      // A stop signal during start-up makes the pending steps fail; that is not news.
      if (stopping) return;
      process.stderr.write(`demo failed: ${e instanceof Error ? e.message : String(e)}\n`);
      stopAndExit("start-up failed", 1);
    },
  );
}

main();
