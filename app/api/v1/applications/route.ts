import { applicationsQuerySchema } from "@/lib/api/catalog-entities";
import { endpoint } from "../../_lib/endpoint";
import { parseQuery } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /api/v1/applications?q= — every application that provides or consumes a service, consumer-only ones included. */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: { permission: "read", handle: ({ request, engine }) => engine.catalog.applications(parseQuery(request, applicationsQuerySchema).q) },
});
