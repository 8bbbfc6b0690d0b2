import { serviceDetailQuerySchema } from "@/lib/api/catalog-entities";
import { endpoint } from "../../_lib/endpoint";
import { parseQuery } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /api/v1/service?key= — one service in full: providers at both levels, consumers, methods, routes. 404 for an unknown key. */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: { permission: "read", handle: ({ request, engine }) => engine.catalog.service(parseQuery(request, serviceDetailQuerySchema).key) },
});
