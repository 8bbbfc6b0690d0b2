import type { IncomingMessage, Server } from "node:http";
import { randomBytes } from "node:crypto";
import { BlockList, isIP } from "node:net";

/** Kept in step with PEER_ADDRESS_HEADER (server/auth/authenticator.ts); this file imports nothing of the app. */
const HEADER = "x-dubbo-console-peer";
/** Kept in step with PEER_PROOF_HEADER (server/auth/authenticator.ts): says a request was stamped by this process. */
const PROOF_HEADER = "x-dubbo-console-peer-proof";
/**
 * Holds, on globalThis, the random proof this process stamps on every request beside the
 * address; kept in step with server/auth/authenticator.ts. A request that arrived before the
 * stamping began (under plain `next start`, while instrumentation runs) carries no proof, so
 * its client-sent headers count for nothing.
 */
const STAMPED = Symbol.for("dubbo-console.peer-stamped");
/** Set on a server class whose emit is already wrapped, so a second call (start.mjs, then instrumentation) wraps nothing. */
const WRAPPED = Symbol.for("dubbo-console.peer-stamp-wrapped");

/** Whether `address` is one of `trusted` (addresses and CIDR ranges, as CONSOLE_TRUSTED_PROXIES lists them). */
export function trustedProxyTest(trusted: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of trusted) {
    const [address, bits] = entry.split("/");
    const type = isIP(address ?? "") === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(bits), type);
  }
  return (address) => {
    const plain = address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? "ipv6" : "ipv4");
  };
}

/**
 * The client's address of a request from `socketAddress` carrying `forwardedFor`: the
 * socket's own, unless it is a trusted proxy; then the nearest `X-Forwarded-For` hop (from
 * the right, each proxy appends the address it was reached from) that is not itself a
 * trusted proxy.
 */
export function clientAddressOf(socketAddress: string, forwardedFor: string | undefined, trusted: (address: string) => boolean): string {
  if (forwardedFor === undefined || !trusted(socketAddress)) return socketAddress;
  let client = socketAddress;
  for (const hop of forwardedFor.split(",").map((h) => h.trim()).reverse()) {
    if (hop === "" || isIP(hop) === 0) break;
    client = hop;
    if (!trusted(hop)) break;
  }
  return client;
}

/**
 * Makes every HTTP server of this process stamp each request with the client's address in
 * `x-dubbo-console-peer`, replacing any such header the client sent, before its request
 * listeners (Next's) see it: the sign-in rate limits and the audit trail key on an address
 * the client cannot choose. `X-Forwarded-For` counts only from a socket of a trusted proxy
 * (CONSOLE_TRUSTED_PROXIES); from any other client it is removed, so Next sets its own from
 * the socket. Called by scripts/start.mjs and by instrumentation.ts (plain `next start` and
 * `next dev`); the second call wraps nothing again.
 */
export function stampPeerAddress(serverClass: { prototype: Server }, trustedProxies: readonly string[] = []): void {
  const proto = serverClass.prototype as Server & { [WRAPPED]?: true };
  if (proto[WRAPPED]) return;
  proto[WRAPPED] = true;
  const holder = globalThis as { [STAMPED]?: string };
  const proof = (holder[STAMPED] ??= randomBytes(18).toString("base64url"));
  const trusted = trustedProxyTest(trustedProxies);
  const emit = proto.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  proto.emit = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const request = args[0] as IncomingMessage;
      const socket = request.socket.remoteAddress ?? "unknown";
      const forwarded = request.headers["x-forwarded-for"];
      request.headers[HEADER] = clientAddressOf(socket, typeof forwarded === "string" ? forwarded : forwarded?.join(","), trusted);
      request.headers[PROOF_HEADER] = proof;
      if (!trusted(socket)) delete request.headers["x-forwarded-for"];
    }
    return emit.call(this, event, ...args);
  } as Server["emit"];
}
