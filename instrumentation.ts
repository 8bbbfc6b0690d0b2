/**
 * Next.js calls register() once per server process before serving: start the engine there
 * (in steps, server/runtime/engine-start-steps.ts, so loading it never holds the event loop
 * long), and make the process's HTTP servers stamp each request with the client's real
 * address (app/api/_lib/peer-address.ts), so plain `next start` and `next dev`, which do not
 * go through scripts/start.mjs, never take a client-sent `x-dubbo-console-peer` or
 * `X-Forwarded-For` for the client's address. Route handlers and pages find the engine
 * through server/runtime/engine-ref.ts, never importing its module graph.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startEngineInSteps } = await import("./server/runtime/engine-start-steps");
  const engine = await startEngineInSteps();
  const [http, { stampPeerAddress }] = await Promise.all([import("node:http"), import("./app/api/_lib/peer-address")]);
  stampPeerAddress(http.Server, engine.config.web.trustedProxies);
}
