import { qosQuerySchema } from "@/lib/api/qos";
import { endpoint } from "../../_lib/endpoint";
import { parseQuery } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /api/v1/qos?address=host:port — the Dubbo QoS of the provider process registered at
 * that address: what it exports (registered or not) and refers to, by its own `ls`, and on
 * 3.x whether it is `ready`; or, with `reachable: false`, why QoS could not be asked. Only
 * registered providers are asked (404 otherwise); rate-limited (429). Needs `read`.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: {
    permission: "read",
    handle: ({ request, engine, actor }) => engine.qos.status(parseQuery(request, qosQuerySchema).address, `${actor.via}:${actor.name}`),
  },
});
