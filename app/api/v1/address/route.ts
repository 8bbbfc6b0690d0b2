import { addressQuerySchema } from "@/lib/api/catalog-entities";
import { endpoint } from "../../_lib/endpoint";
import { parseQuery } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /api/v1/address?value= — what is registered at a host (every port) or host:port. 404 when nothing is. */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: { permission: "read", handle: ({ request, engine }) => engine.catalog.address(parseQuery(request, addressQuerySchema).value) },
});
