import { type ConsoleError, ValidationError } from "@/lib/errors";
import { MethodNotImplementedError } from "@/server/errors/request-errors";
import { errorResponse } from "./error-response";
import { HTTP_METHODS, isHttpMethod } from "./http-methods";

/**
 * The answer to an /api request that Next.js itself would refuse before any route file
 * runs, or undefined to let it through. Next answers a method outside HTTP_METHODS with an
 * empty 400, and a path that is not valid percent-encoding (`/api/v1/%zz`) with a plain-text
 * 500 once a dynamic route (the catch-all) is tried; here both get the JSON error shape.
 * Runs in proxy.ts, so it must stay cheap and import nothing of the engine.
 */
export function refuseUnroutable(request: Request): Response | undefined {
  const error = unroutable(request);
  return error && errorResponse(error);
}

function unroutable(request: Request): ConsoleError | undefined {
  if (!isHttpMethod(request.method)) return new MethodNotImplementedError(request.method, HTTP_METHODS);
  const path = new URL(request.url).pathname;
  try {
    decodeURIComponent(path);
  } catch {
    const message = `the path is not valid percent-encoding: ${path}`;
    return new ValidationError(message, [{ path: "(path)", message }]);
  }
  return undefined;
}
