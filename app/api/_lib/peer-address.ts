import type { IncomingMessage, Server } from "node:http";

/** Kept in step with PEER_ADDRESS_HEADER (server/auth/authenticator.ts); this file imports nothing of the app. */
const HEADER = "x-dubbo-console-peer";

/**
 * Makes every HTTP server of this process stamp each request with the socket's peer
 * address in `x-dubbo-console-peer`, replacing any such header the client sent, before its
 * request listeners (Next's) see it: the sign-in rate limit and the audit trail key on an
 * address the client cannot choose. For scripts/start.mjs.
 */
export function stampPeerAddress(serverClass: { prototype: Server }): void {
  const emit = serverClass.prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  serverClass.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const request = args[0] as IncomingMessage;
      request.headers[HEADER] = request.socket.remoteAddress ?? "unknown";
    }
    return emit.call(this, event, ...args);
  } as Server["emit"];
}
