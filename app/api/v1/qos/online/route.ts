import { qosActionBodySchema } from "@/lib/api/qos";
import { endpoint } from "../../../_lib/endpoint";
import { parseJsonBody } from "../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * POST /api/v1/qos/online `{ address, service? }` — Dubbo QoS `online` in the provider
 * process at `address` (registered now, or taken offline by the console earlier): registers
 * that service (or every one) again. QoS unreachable: 502 `connection_failed`. Audited as
 * `qos.online`. Needs `configs.write`.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  POST: {
    permission: "configs.write",
    handle: async ({ request, engine, actor }) => {
      const body = await parseJsonBody(request, qosActionBodySchema);
      return engine.qos.online(body.address, body.service, actor);
    },
  },
});
