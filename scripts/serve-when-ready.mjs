/**
 * Serves the built console as `next start` does (same options, same "✓ Ready in …" line),
 * but listens only once Next.js is ready and the first routes have run once.
 *
 * `next start` listens first and loads Next afterwards: requests that arrive meanwhile
 * wait on the loading of Next's server code, its router and each route's first chunk,
 * blocks of 60–200 ms each. Here Next is loaded through its documented custom-server API
 * (`next({ … })`, `await app.prepare()`), the routes in WARM_PATHS are asked once on a
 * private loopback server, and only then does the console's port listen. Before that a
 * connection is refused by the kernel (nothing listens), not kept waiting by a busy loop.
 */
import http from "node:http";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * What is asked once before listening: the health probe (the app router's runtime, the
 * proxy), the first API requests a page, the test rig and the benchmarks make, and two
 * pages (the first page rendered loads React's server renderer: about 300 ms of one block
 * otherwise, met by the first operator to open the console; with sign-in on, /services is
 * a redirect and /sign-in renders). Their answers are not looked at (with sign-in on the
 * API answers are refusals, which still load the code).
 */
export const WARM_PATHS = ["/api/health", "/api/v1/registry", "/api/v1/services?limit=1", "/sign-in", "/services"];

/** How long one warm-up request may take before it is given up (start-up goes on). */
const WARM_TIMEOUT_MS = 15_000;

/**
 * Asks `path` once of a server listening on loopback `port`; resolves when the answer has
 * been read, or failed, or timed out.
 * @param {number} port
 * @param {string} path
 */
function askOnce(port, path) {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path, headers: { host: `127.0.0.1:${port}` }, timeout: WARM_TIMEOUT_MS }, (res) => {
      res.resume();
      res.on("end", resolve);
      res.on("error", resolve);
    });
    req.on("timeout", () => req.destroy());
    req.on("error", resolve);
  });
}

/**
 * Runs every path of WARM_PATHS once through `listener`, on a server of its own on an
 * ephemeral loopback port that is closed afterwards.
 * @param {http.RequestListener} listener
 */
async function warmUp(listener) {
  const warm = http.createServer(listener);
  await new Promise((resolve, reject) => warm.once("error", reject).listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = warm.address();
  const port = typeof address === "object" && address ? address.port : 0;
  try {
    for (const path of WARM_PATHS) await askOnce(port, path);
  } finally {
    warm.closeAllConnections();
    await new Promise((resolve) => warm.close(() => resolve(undefined)));
  }
}

/**
 * Loads Next for the built app in `options.dir`, warms it up, then listens on
 * `options.hostname:options.port`. SIGINT and SIGTERM close the server and Next, then end
 * the process with 130 or 143, as `next start` does.
 * @param {{ dir: string, hostname: string | undefined, port: number, keepAliveTimeout: number | undefined }} options
 *   as scripts/start-options.ts reads them
 * @returns {Promise<http.Server>} once listening
 */
export async function serveWhenReady({ dir, hostname, port, keepAliveTimeout }) {
  // As Next's CLI does for `next start`, before React or Next is loaded (they read it once).
  process.env.NODE_ENV ??= "production";
  const next = require("next");
  const log = require("next/dist/build/output/log");
  const server = http.createServer();
  if (keepAliveTimeout !== undefined) server.keepAliveTimeout = keepAliveTimeout;
  // What `next start` sets once listening, set before Next reads it.
  const shownHost = !hostname || hostname === "0.0.0.0" || hostname === "::" ? "localhost" : hostname.includes(":") ? `[${hostname}]` : hostname;
  process.env.PORT = String(port);
  process.env.__NEXT_PRIVATE_ORIGIN = `http://${shownHost}:${port}`;

  const app = next({ dev: false, dir, hostname, port, httpServer: server });
  await app.prepare();
  const handle = app.getRequestHandler();
  /** @type {http.RequestListener} */
  const listener = (req, res) => {
    handle(req, res).catch((err) => {
      log.error(`Failed to handle request for ${req.url}`);
      console.error(err);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  };
  await warmUp(listener);
  server.on("request", listener);

  let stopping = false;
  /** @param {NodeJS.Signals} signal */
  const stop = (signal) => {
    if (stopping) return; // a terminal's Ctrl-C reaches the process more than once
    stopping = true;
    server.close(() => {
      app.close().catch((err) => console.error(err)).finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
    });
    server.closeIdleConnections();
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);

  await new Promise((resolve) => {
    server.once("error", (err) => {
      log.error("Failed to start server");
      console.error(err);
      process.exit(1);
    });
    server.listen(port, hostname, () => resolve(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  process.env.PORT = String(actualPort);
  log.bootstrap(`- Local:        http://${shownHost}:${actualPort}`);
  const ms = Math.round(performance.now()); // since the process started
  log.event(`Ready in ${ms >= 1000 ? `${(ms / 1000).toFixed(1)}s` : `${ms}ms`}`);
  return server;
}
