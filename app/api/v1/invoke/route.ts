import { invokeRequestSchema } from "@/lib/api/invoke";
import { authRuntime } from "@/server/auth/auth-runtime";
import { endpoint } from "../../_lib/endpoint";
import { parseJsonBody } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * POST /api/v1/invoke — calls one method of one service through the cluster, on one pinned
 * provider or at a direct url, and answers the value (or the exception the method threw)
 * with the provider that served it, the time taken and every attempt. See docs/api.md.
 * Rate-limited per user (CONSOLE_INVOKE_RATE, in this replica's memory): 429 past it.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  POST: {
    permission: "invoke",
    handle: async ({ request, engine, actor }) => {
      authRuntime().invocations.take(`${actor.via}:${actor.name}`);
      return engine.invocations.invoke(await parseJsonBody(request, invokeRequestSchema), request.signal, actor);
    },
  },
});
