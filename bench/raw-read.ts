/**
 * The floor of registry-bench.ts, run as a child process: the same reads as the console's
 * full sync with nothing else, as tight as node-zookeeper-client allows. getChildren with a
 * watcher on the root, each service and each of its categories, at most
 * {@link READ_CONCURRENCY} requests in flight, callbacks only (no promises), one shared
 * watcher function, the child names counted but not decoded.
 *
 * Args: connectString root rounds. Each round uses a new client (a new session); the first
 * round warms the JIT and is not reported. Prints one `RAW {"ms":…,"paths":…,"urls":…}` line
 * per reported round (`cpuMs`: this process's CPU time meanwhile).
 */
import zookeeper from "node-zookeeper-client";
import { connectClient } from "./populate";
import { READ_CONCURRENCY } from "@/server/registry/registry-view";

const CATEGORIES = new Set(["providers", "consumers", "routers", "configurators"]);
const NOT_SERVICES = new Set(["config", "metadata", "mapping"]);

function readTree(client: zookeeper.Client, root: string): Promise<{ paths: number; urls: number }> {
  const watcher = (): void => undefined;
  const queue: { path: string; depth: number }[] = [];
  let head = 0;
  let inFlight = 0;
  let paths = 0;
  let urls = 0;
  return new Promise((resolve, reject) => {
    const pump = (): void => {
      while (inFlight < READ_CONCURRENCY && head < queue.length) {
        const { path, depth } = queue[head++]!;
        inFlight++;
        client.getChildren(path, watcher, (error, children) => {
          inFlight--;
          paths++;
          if (error) return reject(error);
          if (depth === 0) {
            for (const c of children) if (!NOT_SERVICES.has(c)) queue.push({ path: `${root}/${c}`, depth: 1 });
          } else if (depth === 1) {
            for (const c of children) if (CATEGORIES.has(c)) queue.push({ path: `${path}/${c}`, depth: 2 });
          } else {
            urls += children.length;
          }
          pump();
          if (inFlight === 0 && head === queue.length) resolve({ paths, urls });
        });
      }
    };
    queue.push({ path: root, depth: 0 });
    pump();
  });
}

async function main(): Promise<void> {
  const [connectString, root, roundsArg] = process.argv.slice(2);
  const rounds = Number(roundsArg);
  for (let r = 0; r <= rounds; r++) {
    const client = await connectClient(connectString!);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const read = await readTree(client, root!);
    const ms = performance.now() - started;
    const { user, system } = process.cpuUsage(cpu);
    client.close();
    // As the console's rounds: let the closed client go, and collect it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    globalThis.gc?.();
    if (r > 0) process.stdout.write(`RAW ${JSON.stringify({ ms, cpuMs: (user + system) / 1000, ...read })}\n`);
  }
}

void main().then(() => process.exit(0));
