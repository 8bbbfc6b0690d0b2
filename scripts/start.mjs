/**
 * `npm start`, the console's production entry (and the test rig's): `node scripts/start.mjs
 * [next start options]`, e.g. `-H 127.0.0.1 -p 3100`.
 *
 * It first checks the configuration from the environment with the console's one parser
 * (server/runtime/config.ts, loaded through tsx's scoped loader, which is then removed), so
 * a bad DUBBO_REGISTRY, PORT, LOG_LEVEL or users file, or no users and no API token (unless
 * CONSOLE_AUTH=off), stops start-up with one line and status 1 before
 * Next.js prints anything. Then it runs Next's own `next start` command in this same
 * process, with the same arguments: no child process to relay signals to, and Next's output
 * ("✓ Ready in …") unchanged.
 */
import http from "node:http";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

const tsx = register({ namespace: "dubbo-console-start", tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
const { parseConfigOrExit } = await tsx.import("../server/runtime/config-or-exit.ts", import.meta.url);
const { refuseFetchForbiddenMethods } = await tsx.import("../app/api/_lib/fetch-forbidden-methods.ts", import.meta.url);
const { stampPeerAddress } = await tsx.import("../app/api/_lib/peer-address.ts", import.meta.url);
await tsx.unregister();
// A production start: with no users file, no API token and no CONSOLE_AUTH=off, it stops with one line.
const config = parseConfigOrExit({ ...process.env, NODE_ENV: "production" });
// The client's address for rate limits and the audit trail, from the socket, not a header it
// sent (X-Forwarded-For only from a proxy CONSOLE_TRUSTED_PROXIES names).
stampPeerAddress(http.Server, config.web.trustedProxies);
// TRACE makes Next answer a plain-text 500 before our code runs; answer it first.
refuseFetchForbiddenMethods(http.Server);

// Next's CLI reads its command and options from process.argv, as if run as `next start …`.
const require = createRequire(import.meta.url);
const nextBin = require.resolve("next/dist/bin/next");
process.argv = [process.argv[0], nextBin, "start", ...process.argv.slice(2)];
require(nextBin);
