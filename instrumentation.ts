/**
 * Next.js calls register() once per server process before serving: start the engine there,
 * and make the process's HTTP servers stamp each request with the client's real address
 * (app/api/_lib/peer-address.ts), so plain `next start` and `next dev`, which do not go
 * through scripts/start.mjs, never take a client-sent `x-dubbo-console-peer` or
 * `X-Forwarded-For` for the client's address.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ bootEngine }, http, { stampPeerAddress }] = await Promise.all([import("./server/runtime/boot"), import("node:http"), import("./app/api/_lib/peer-address")]);
  const engine = bootEngine();
  stampPeerAddress(http.Server, engine.config.web.trustedProxies);
}
