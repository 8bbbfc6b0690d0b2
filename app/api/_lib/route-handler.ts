import "server-only";
import { NextResponse } from "next/server";
import { ConsoleError, isConsoleError } from "@/lib/errors";
import { getEngine } from "@/server/runtime/boot";
import type { Engine } from "@/server/runtime/engine";
import type { Actor } from "@/lib/auth/actor";
import { errorResponse } from "./error-response";
import { requestActor } from "./request-actor";

/** What a handler body receives: the request and the process's engine. */
export interface HandlerContext {
  readonly request: Request;
  readonly engine: Engine;
  /** Who made the request (recorded by the audit trail). */
  readonly actor: Actor;
}

/**
 * The body of one method of one endpoint: parse, call one service, return the JSON value,
 * or a whole Response for an answer that is not JSON (a stream of server-sent events).
 */
export type HandlerBody = (ctx: HandlerContext) => Promise<unknown> | unknown;

/**
 * Wraps every route handler (route files get it through `endpoint()`): runs it, answers
 * its value as JSON (a Response it returns is answered as it is), turns typed errors into `{ error: { code, message } }` with the
 * status from HTTP_STATUS, and turns anything unexpected into a logged 500 that says
 * nothing of the internals.
 */
export function route(body: HandlerBody) {
  return async (request: Request): Promise<Response> => {
    const engine = getEngine();
    try {
      const result = await body({ request, engine, actor: requestActor(request) });
      if (result instanceof Response) return result;
      return NextResponse.json(result, { headers: { "cache-control": "no-store" } });
    } catch (e) {
      if (isConsoleError(e)) return errorResponse(e);
      engine.log.error("unhandled error in route handler", {
        url: request.url,
        error: e instanceof Error ? (e.stack ?? e.message) : String(e),
      });
      return errorResponse(new ConsoleError("internal", "internal error; see the console's log"));
    }
  };
}
