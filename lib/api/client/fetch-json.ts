import type { z } from "zod";
import { errorBodySchema } from "../error-body";
import { reportUnauthorized } from "./unauthorized";

/**
 * An HTTP API answer that was not 2xx, with the server's code and message when it sent
 * them, and the rest of its error object (`details`, e.g. the registries of a 503) for
 * callers that know the code to validate.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/**
 * GETs `url` and validates the body with `schema`; non-2xx answers throw {@link ApiError}.
 * A 401 is reported first (lib/api/client/unauthorized.ts): the session is gone, so the page
 * goes to sign-in.
 */
export async function fetchJson<S extends z.ZodType>(url: string, schema: S, signal?: AbortSignal): Promise<z.output<S>> {
  const res = await fetch(url, { signal, headers: { accept: "application/json" } });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    if (res.status === 401) reportUnauthorized();
    const parsed = errorBodySchema.safeParse(body);
    if (parsed.success) {
      const { code, message, ...details } = parsed.data.error;
      throw new ApiError(res.status, code, message, details);
    }
    throw new ApiError(res.status, "http_error", `HTTP ${res.status} from ${url}`);
  }
  return schema.parse(body);
}
