import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { HTTP_METHODS } from "./http-methods";
import { MethodNotImplementedError } from "@/server/errors/request-errors";
import { errorBodyOf } from "@/lib/api/error-body";

/**
 * Methods the Fetch standard forbids (`new Request(url, { method: "TRACE" })` throws) that
 * reach a Node request handler: Next.js fails building the request it hands to proxy.ts
 * and the routes, and answers a plain-text 500 before any of our code runs. The other two
 * never get that far: Node's parser answers TRACK with 400, and emits CONNECT as an event
 * of its own (closing the socket when nobody listens).
 */
export const FETCH_FORBIDDEN_METHODS: ReadonlySet<string> = new Set(["TRACE"]);

/** The answer to a forbidden method: 501 `method_not_implemented` in the API's JSON error shape. */
export function refuseForbiddenMethod(request: IncomingMessage, response: ServerResponse): void {
  const body = JSON.stringify(errorBodyOf(new MethodNotImplementedError(request.method ?? "", HTTP_METHODS)));
  response.writeHead(501, { "content-type": "application/json", "content-length": Buffer.byteLength(body), allow: HTTP_METHODS.join(", ") });
  response.end(body);
}

/**
 * Makes every HTTP server of this process answer {@link FETCH_FORBIDDEN_METHODS} with
 * {@link refuseForbiddenMethod} before its own request listeners (Next's) see them. For
 * scripts/start.mjs, which runs `next start` in-process and has no other hook before Next.
 */
export function refuseFetchForbiddenMethods(serverClass: { prototype: Server }): void {
  const emit = serverClass.prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  serverClass.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      if (FETCH_FORBIDDEN_METHODS.has(request.method ?? "")) {
        refuseForbiddenMethod(request, response);
        return true;
      }
    }
    return emit.call(this, event, ...args);
  } as Server["emit"];
}
