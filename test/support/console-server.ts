import { join } from "node:path";
import { type Peer, startPeer } from "./child-process";
import { freePort, waitForPort } from "./free-port";
import { waitFor } from "./wait-for";

const ROOT = join(import.meta.dirname, "..", "..");

export interface ConsoleHandle {
  readonly url: string;
  readonly peer: Peer;
  stop(): Promise<void>;
}

/**
 * Runs the built console (`npm start`'s entry, after `npm run build`) on a free loopback port
 * with the given environment, and waits until it accepts connections.
 */
export async function startConsole(env: Record<string, string>): Promise<ConsoleHandle> {
  const port = await freePort();
  const peer = launchConsole(env, port);
  await Promise.race([
    waitForPort("127.0.0.1", port, 60_000),
    peer.exited.then((code) => {
      throw new Error(`console exited with ${code}:\n${peer.lines.join("\n")}`);
    }),
  ]);
  return { url: `http://127.0.0.1:${port}`, peer, stop: () => peer.stop() };
}

/**
 * Waits until every registry of the console at `url` has finished its first full read.
 * `headers`: credentials (`authorization`) where sign-in is on.
 */
export async function waitForRegistrySync(url: string, headers: Record<string, string> = {}): Promise<void> {
  await waitFor("the console's registries to sync", async () => {
    const body = (await (await fetch(`${url}/api/v1/registry`, { headers })).json()) as { registries: { syncedAt: number | null }[] };
    return body.registries.every((r) => r.syncedAt !== null);
  });
}

/**
 * Starts the console on `host:port` without waiting, for tests of start-up failures and
 * for the demo: through scripts/start.mjs, the entry `npm start` runs (it checks the
 * configuration, then serves Next with `next start`'s options, listening once Next is
 * loaded and warmed), without npm in between. It listens on every address unless given `-H`. The registry disk cache is off unless `env` turns
 * it on: a cache left in the home folder by an earlier run against a reused port would
 * otherwise be served. Authentication is off (`CONSOLE_AUTH=off`) unless `env` sets
 * CONSOLE_USERS_FILE, CONSOLE_API_TOKEN or CONSOLE_AUTH (see ./users-file.ts).
 */
export function launchConsole(env: Record<string, string>, port: number, host = "127.0.0.1"): Peer {
  const authSet = ["CONSOLE_USERS_FILE", "CONSOLE_API_TOKEN", "CONSOLE_AUTH"].some((k) => k in env);
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("CONSOLE_"))) as NodeJS.ProcessEnv;
  return startPeer("console", process.execPath, [join(ROOT, "scripts", "start.mjs"), "-H", host, "-p", String(port)], {
    cwd: ROOT,
    env: { ...inherited, NEXT_TELEMETRY_DISABLED: "1", DUBBO_CONSOLE_CACHE_DIR: "off", ...(authSet ? {} : { CONSOLE_AUTH: "off" }), ...env },
  });
}
