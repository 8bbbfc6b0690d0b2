import type { z } from "zod";
import { ApiError } from "./fetch-json";
import { errorBodySchema } from "../error-body";
import { reportUnauthorized } from "./unauthorized";

/**
 * Sends `body` (JSON) with `method` and validates the answer with `schema`; a non-2xx
 * answer throws {@link ApiError} carrying the server's code, message and details (a 409's
 * `id`, an `invalid_rule`'s `offset`). A 401 is reported first (lib/api/client/unauthorized.ts).
 */
export async function sendJson<S extends z.ZodType>(method: "POST" | "PUT" | "DELETE", url: string, body: unknown, schema: S, signal?: AbortSignal): Promise<z.output<S>> {
  const res = await fetch(url, {
    method,
    signal,
    headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    if (res.status === 401) reportUnauthorized();
    const parsed = errorBodySchema.safeParse(answer);
    if (parsed.success) {
      const { code, message, ...details } = parsed.data.error;
      throw new ApiError(res.status, code, message, details);
    }
    throw new ApiError(res.status, "http_error", `HTTP ${res.status} from ${method} ${url}`);
  }
  return schema.parse(answer);
}
