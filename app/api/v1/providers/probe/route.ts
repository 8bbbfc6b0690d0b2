import { probeBodySchema } from "@/lib/api/provider-health";
import { endpoint } from "../../../_lib/endpoint";
import { parseJsonBody } from "../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * POST /api/v1/providers/probe `{ address }` — connects to one registered dubbo provider (if
 * the console holds no connection) and sends a heartbeat: `{ ok, rttMs, error, health }`.
 * Rate-limited per provider and per user (429), at most 5 s. Needs `invoke`.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  POST: {
    permission: "invoke",
    handle: async ({ request, engine, actor }) => engine.providerHealth.probe((await parseJsonBody(request, probeBodySchema)).address, `${actor.via}:${actor.name}`),
  },
});
