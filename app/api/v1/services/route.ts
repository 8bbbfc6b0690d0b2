import { servicesQuerySchema } from "@/lib/api/services";
import { endpoint } from "../../_lib/endpoint";
import { jsonTextResponse } from "../../_lib/json-text-response";
import { parseQuery } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /api/v1/services?q=&by=&limit=&cursor= — one page of the services matching a search, with provider and consumer counts. */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: { permission: "read", handle: ({ request, engine }) => jsonTextResponse(engine.catalog.listJson(parseQuery(request, servicesQuerySchema))) },
});
