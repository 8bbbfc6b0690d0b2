import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Peer, startPeer } from "./child-process";
import { freePort } from "./free-port";
import { orphanReaper } from "./orphan-reaper";
import { classpath, ensureJavaPeersBuilt, JVM_FLAGS } from "./java-build";
import { waitFor } from "./wait-for";

/** A running Apache ZooKeeper server (or ensemble) started by the rig. */
export interface ZooKeeperHandle {
  /** `host:port[,host:port...]` for clients. */
  readonly connectString: string;
  /** `zookeeper://host:port[?backup=...]` for Dubbo and the console. */
  readonly dubboAddress: string;
  readonly nodes: readonly { port: number; cfgFile: string; peer: Peer }[];
  /** Kills server `index` at once (SIGKILL: no goodbye to clients), keeping its data. */
  kill(index: number): Promise<void>;
  /** Starts server `index` again on the same port and data, and waits until it serves. */
  restart(index: number): Promise<void>;
  /**
   * Stops server `index` with SIGSTOP: its sockets stay open and its kernel still accepts
   * connections, but it answers nothing (a hung JVM, a frozen VM) until {@link thaw}.
   */
  freeze(index: number): void;
  /** Resumes a frozen server with SIGCONT. */
  thaw(index: number): void;
  stop(): Promise<void>;
}

const HOST = "127.0.0.1";

/** Sends a four-letter word and returns the answer (ZooKeeper's admin protocol). */
export function fourLetterWord(port: number, word: string, host = HOST): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let answer = "";
    socket.setTimeout(2_000, () => socket.destroy());
    socket.once("connect", () => socket.write(word));
    socket.on("data", (d) => (answer += d.toString()));
    socket.once("close", () => resolve(answer));
    socket.once("error", () => resolve(""));
  });
}

/** Waits until the server at `port` says it serves (`ruok` → `imok`, then `srvr` shows a mode). */
export async function waitForZooKeeper(port: number, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    `ZooKeeper on port ${port} to serve`,
    async () => (await fourLetterWord(port, "ruok")) === "imok" && /Mode: (standalone|leader|follower)/.test(await fourLetterWord(port, "srvr")),
    timeoutMs,
  );
}

function config(dataDir: string, clientPort: number, servers: string[]): string {
  return [
    "tickTime=500",
    "initLimit=20",
    "syncLimit=10",
    `dataDir=${dataDir}`,
    `clientPort=${clientPort}`,
    `clientPortAddress=${HOST}`,
    "maxSessionTimeout=120000",
    "minSessionTimeout=1000",
    "4lw.commands.whitelist=ruok,srvr,stat,cons",
    "admin.enableServer=false",
    "standaloneEnabled=true",
    ...servers,
  ].join("\n");
}

function launch(name: string, cfgFile: string, jvmFlags: readonly string[]): Peer {
  return startPeer(name, "java", [
    ...JVM_FLAGS,
    ...jvmFlags,
    "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
    "-Dzookeeper.admin.enableServer=false",
    "-Dzookeeper.jmx.log4j.disable=true",
    "-cp",
    classpath("zookeeper"),
    "org.apache.zookeeper.server.quorum.QuorumPeerMain",
    cfgFile,
  ]);
}

/**
 * Starts a standalone ZooKeeper server on a free loopback port with its own data dir.
 * `jvmFlags` come after the rig's own, so they can override them (the benchmarks give the
 * server a larger heap and the full JIT).
 */
export async function startZooKeeper(jvmFlags: readonly string[] = []): Promise<ZooKeeperHandle> {
  return startEnsembleOn([await freePort()], tmpdir(), jvmFlags);
}

/**
 * Starts `size` ZooKeeper servers on free loopback ports; with size > 1 they form a
 * quorum (for fault tests: stop one, stop the leader, and so on).
 */
export async function startEnsemble(size: number): Promise<ZooKeeperHandle> {
  return startEnsembleOn(await Promise.all(Array.from({ length: size }, () => freePort())));
}

/**
 * Starts one ZooKeeper server per given client port (a quorum when more than one). Their
 * configuration and data go into a new folder under `parentDir` (default: the system's
 * temp folder), removed by stop().
 */
export async function startEnsembleOn(clientPorts: readonly number[], parentDir = tmpdir(), jvmFlags: readonly string[] = []): Promise<ZooKeeperHandle> {
  await ensureJavaPeersBuilt();
  const size = clientPorts.length;
  const base = mkdtempSync(join(parentDir, "zk-"));
  orphanReaper().removeDirOnDeath(base);
  const ports = await Promise.all(clientPorts.map(async (client) => ({ client, quorum: await freePort(), election: await freePort() })));
  const servers = size > 1 ? ports.map((p, i) => `server.${i + 1}=${HOST}:${p.quorum}:${p.election}`) : [];
  const nodes = ports.map((p, i) => {
    const dataDir = join(base, `node${i + 1}`);
    mkdirSync(dataDir, { recursive: true });
    if (size > 1) writeFileSync(join(dataDir, "myid"), String(i + 1));
    const cfgFile = join(base, `zoo${i + 1}.cfg`);
    writeFileSync(cfgFile, config(dataDir, p.client, servers));
    return { port: p.client, cfgFile, peer: launch(`zk${i + 1}`, cfgFile, jvmFlags) };
  });
  try {
    await Promise.all(
      nodes.map((n) =>
        Promise.race([
          waitForZooKeeper(n.port),
          n.peer.exited.then((code) => {
            throw new Error(`${n.peer.name} exited with ${code}:\n${n.peer.lines.slice(-20).join("\n")}`);
          }),
        ]),
      ),
    );
  } catch (e) {
    await Promise.all(nodes.map((n) => n.peer.stop()));
    rmSync(base, { recursive: true, force: true });
    orphanReaper().keepDir(base);
    throw e;
  }
  const hostPorts = nodes.map((n) => `${HOST}:${n.port}`);
  return {
    connectString: hostPorts.join(","),
    dubboAddress: `zookeeper://${hostPorts[0]}${hostPorts.length > 1 ? `?backup=${hostPorts.slice(1).join(",")}` : ""}`,
    nodes,
    async kill(index) {
      const node = nodes[index]!;
      node.peer.process.kill("SIGKILL");
      await node.peer.exited;
    },
    async restart(index) {
      const node = nodes[index]!;
      node.peer = launch(`zk${index + 1}`, node.cfgFile, jvmFlags);
      await waitForZooKeeper(node.port);
    },
    freeze(index) {
      nodes[index]!.peer.process.kill("SIGSTOP");
    },
    thaw(index) {
      nodes[index]!.peer.process.kill("SIGCONT");
    },
    async stop() {
      // A frozen server would hold its SIGTERM until the grace ran out.
      for (const n of nodes) n.peer.process.kill("SIGCONT");
      await Promise.all(nodes.map((n) => n.peer.stop()));
      rmSync(base, { recursive: true, force: true });
      orphanReaper().keepDir(base);
    },
  };
}
