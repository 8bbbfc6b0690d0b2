import "server-only";
import { NextResponse } from "next/server";
import type { z } from "zod";
import type { ErrorBody } from "@/lib/api/error-body";
import { ConsoleError, isConsoleError, ValidationError } from "@/lib/errors";
import { getEngine } from "@/server/runtime/boot";
import type { Engine } from "@/server/runtime/engine";
import { HTTP_STATUS } from "./http-status";

/** What a handler body receives: the request and the process's engine. */
export interface HandlerContext {
  readonly request: Request;
  readonly engine: Engine;
}

/**
 * Wraps every route handler: runs it, turns typed errors into `{ error: { code, message } }`
 * with the status from HTTP_STATUS, and turns anything unexpected into a logged 500 that
 * says nothing of the internals.
 */
export function route(body: (ctx: HandlerContext) => Promise<unknown> | unknown) {
  return async (request: Request): Promise<NextResponse> => {
    const engine = getEngine();
    try {
      const result = await body({ request, engine });
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

function errorResponse(e: ConsoleError): NextResponse<ErrorBody> {
  return NextResponse.json(
    { error: { ...(e.details ?? {}), code: e.code, message: e.message } },
    { status: HTTP_STATUS[e.code], headers: { "cache-control": "no-store" } },
  );
}

/**
 * Validates the URL query against `schema`, or throws a ValidationError naming each bad
 * parameter: `invalid query: limit must be a whole number from 1 to 10000, got "abc"`.
 * An issue's message should name its parameter (lib/api/query-params.ts does); one that
 * does not is prefixed with it.
 */
export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const result = schema.safeParse(params);
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({ path: i.path.map(String).join(".") || "(query)", message: i.message }));
    const summary = issues.map((i) => (i.message.startsWith(`${i.path} `) ? i.message : `${i.path}: ${i.message}`)).join("; ");
    throw new ValidationError(`invalid query: ${summary}`, issues);
  }
  return result.data;
}
