import "server-only";
import { NextResponse } from "next/server";
import { ConsoleError, isConsoleError } from "@/lib/errors";
import { currentEngine, findEngine } from "@/server/runtime/engine-ref";
import type { Engine } from "@/server/runtime/engine";
import type { Actor } from "@/lib/auth/actor";
import type { Requirement } from "@/lib/auth/roles";
import { authRuntime } from "@/server/auth/auth-runtime";
import { admit } from "./admission";
import { errorResponse } from "./error-response";
import { limitWrites } from "./write-limit";

/** What a handler body receives: the request and the process's engine. */
export interface HandlerContext {
  readonly request: Request;
  readonly engine: Engine;
  /**
   * Who made the request (recorded by the audit trail): the signed-in user or token, the
   * anonymous admin where authentication is off, or, on a public endpoint with no
   * credentials, an anonymous viewer.
   */
  readonly actor: Actor;
}

/**
 * The body of one method of one endpoint: parse, call one service, return the JSON value,
 * or a whole Response for an answer that is not JSON (a stream of server-sent events).
 */
export type HandlerBody = (ctx: HandlerContext) => Promise<unknown> | unknown;

/**
 * One method of one endpoint: what it needs (lib/auth/roles.ts PERMISSIONS, or `public`; the server
 * enforces it before `handle` runs) and its body. `permission` is required, so no method
 * can be left unguarded by forgetting it.
 */
export interface MethodSpec {
  readonly permission: Requirement;
  readonly handle: HandlerBody;
}

/**
 * Wraps every route handler (route files get it through `endpoint()`): admits the request
 * (401 without valid credentials, 403 for a cross-origin cookie write or a role below
 * `spec.permission`; see admission.ts), counts a change against its user's budget (429 past
 * it; write-limit.ts), runs it, answers
 * its value as JSON (a Response it returns is answered as it is), turns typed errors into `{ error: { code, message } }` with the
 * status from HTTP_STATUS, and turns anything unexpected into a logged 500 that says
 * nothing of the internals.
 */
export function route(spec: MethodSpec) {
  return async (request: Request): Promise<Response> => {
    try {
      const engine = currentEngine();
      const actor = await admit(request, spec.permission, authRuntime().authenticator);
      limitWrites(spec.permission, actor, engine);
      const result = await spec.handle({ request, engine, actor });
      if (result instanceof Response) return result;
      return NextResponse.json(result, { headers: { "cache-control": "no-store" } });
    } catch (e) {
      if (isConsoleError(e)) return errorResponse(e);
      // Only a running engine's work throws anything but a ConsoleError here, so it is there to log it.
      findEngine()?.log.error("unhandled error in route handler", {
        url: request.url,
        error: e instanceof Error ? (e.stack ?? e.message) : String(e),
      });
      return errorResponse(new ConsoleError("internal", "internal error; see the console's log"));
    }
  };
}
