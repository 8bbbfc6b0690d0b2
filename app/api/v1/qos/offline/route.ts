import { qosActionBodySchema } from "@/lib/api/qos";
import { endpoint } from "../../../_lib/endpoint";
import { parseJsonBody } from "../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * POST /api/v1/qos/offline `{ address, service?, allowStranding? }` — Dubbo QoS `offline` in
 * the provider process at `address`: it unregisters that service (or every one it exports),
 * keeps running, and consumers drop it as the registry tells them. Leaving registered
 * consumers with no provider is 409 `strands_consumers` (naming them) unless allowed.
 * QoS unreachable: 502 `connection_failed`, saying why. Audited as `qos.offline`. Needs `configs.write`.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  POST: {
    permission: "configs.write",
    handle: async ({ request, engine, actor }) => {
      const body = await parseJsonBody(request, qosActionBodySchema);
      return engine.qos.offline(body.address, body.service, body.allowStranding === true, actor);
    },
  },
});
