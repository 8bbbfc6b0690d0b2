/**
 * `npm start`, the console's production entry (and the test rig's): `node scripts/start.mjs
 * [next start options]`, e.g. `-H 127.0.0.1 -p 3100`.
 *
 * It first checks the configuration from the environment with the console's one parser
 * (server/runtime/config.ts, compiled to plain JavaScript by `npm run build`:
 * scripts/start-checks.ts → .next/console-start/start-checks.mjs, so no TypeScript loader
 * stays in the process), so a bad DUBBO_REGISTRY, PORT, LOG_LEVEL or users file, or no
 * users and no API token (unless CONSOLE_AUTH=off), stops start-up with one line and
 * status 1 before Next.js prints anything. Then it serves the built app in this same
 * process with `next start`'s options (scripts/serve-when-ready.mjs): Next is loaded and
 * its first routes run before the port listens, so no request waits on start-up's loading.
 */
import { existsSync } from "node:fs";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { serveWhenReady } from "./serve-when-ready.mjs";

const checksUrl = new URL("../.next/console-start/start-checks.mjs", import.meta.url);
if (!existsSync(fileURLToPath(checksUrl))) {
  process.stderr.write("dubbo-console: no build: run `npm run build` first (.next/console-start/start-checks.mjs is missing)\n");
  process.exit(1);
}
const { parseConfigOrExit, parseStartOptions, refuseFetchForbiddenMethods, stampPeerAddress } = await import(checksUrl.href);
// A production start: with no users file, no API token and no CONSOLE_AUTH=off, it stops with one line.
const config = parseConfigOrExit({ ...process.env, NODE_ENV: "production" });
let options;
try {
  options = parseStartOptions(process.argv.slice(2), process.env, process.cwd());
} catch (e) {
  // A ConfigError ("invalid port: …"); anything else is a bug and ends the start as thrown.
  if (!(e instanceof Error) || e.name !== "ConfigError") throw e;
  process.stderr.write(`dubbo-console: ${e.message}\n`);
  process.exit(1);
}
// The client's address for rate limits and the audit trail, from the socket, not a header it
// sent (X-Forwarded-For only from a proxy CONSOLE_TRUSTED_PROXIES names).
stampPeerAddress(http.Server, config.web.trustedProxies);
// TRACE makes Next answer a plain-text 500 before our code runs; answer it first.
refuseFetchForbiddenMethods(http.Server);
await serveWhenReady(options);
