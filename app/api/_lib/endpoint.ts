import "server-only";
import { MethodNotAllowedError, NotFoundError } from "@/server/errors/request-errors";
import { errorResponse } from "./error-response";
import type { HttpMethod } from "./http-methods";
import { type MethodSpec, route } from "./route-handler";

/**
 * The methods an endpoint implements itself, each with the permission it needs; HEAD and
 * OPTIONS are derived from them.
 */
export type EndpointBodies = Partial<Record<Exclude<HttpMethod, "HEAD" | "OPTIONS">, MethodSpec>>;

/** A route file's exports: one handler per HTTP method. */
export type RouteExports = Record<HttpMethod, (request: Request) => Promise<Response>>;

/**
 * The exports of one route file, each implemented method wrapped by `route()`. Next
 * answers a method a route file leaves out with an empty 405 and no `Allow`, so every route
 * file exports all of HTTP_METHODS (./http-methods) through this (a unit test checks each file):
 * `export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({ GET: { permission: "read", handle: ... } })`.
 *
 * - every implemented method admits the request for its permission first (route-handler.ts);
 * - HEAD runs GET (the status and headers of GET, no body), as Next itself would;
 * - OPTIONS answers 204 with `Allow` to anyone (it says nothing but the methods);
 * - any other method the endpoint does not implement answers 405 method_not_allowed, in the
 *   JSON error shape, with `Allow`.
 *
 * `Allow` lists the methods served, sorted, as Next's own OPTIONS answer does.
 */
export function endpoint(bodies: EndpointBodies): RouteExports {
  const own = new Map(Object.entries(bodies).flatMap(([method, body]) => (body ? [[method, route(body)] as const] : [])));
  const get = own.get("GET");
  if (get) own.set("HEAD", get);
  const allow = [...own.keys(), "OPTIONS"].sort();
  const options = async () => new Response(null, { status: 204, headers: { allow: allow.join(", "), "cache-control": "no-store" } });
  const notAllowed = async (request: Request) => errorResponse(new MethodNotAllowedError(request.method, new URL(request.url).pathname, allow));
  return forEachMethod((method) => own.get(method) ?? (method === "OPTIONS" ? options : notAllowed));
}

/**
 * The exports of the catch-all route under /api: every method on a path that no endpoint
 * serves answers 404 not_found in the JSON error shape, so no /api answer is an HTML page.
 */
export function unknownEndpoint(): RouteExports {
  const notFound = async (request: Request) =>
    errorResponse(new NotFoundError(`no API endpoint ${request.method} ${new URL(request.url).pathname}; see docs/api.md`));
  return forEachMethod(() => notFound);
}

function forEachMethod(handler: (method: HttpMethod) => (request: Request) => Promise<Response>): RouteExports {
  return { GET: handler("GET"), HEAD: handler("HEAD"), OPTIONS: handler("OPTIONS"), POST: handler("POST"), PUT: handler("PUT"), DELETE: handler("DELETE"), PATCH: handler("PATCH") };
}
