import { servicesQuerySchema } from "@/lib/api/services";
import { endpoint } from "../../_lib/endpoint";
import { parseQuery } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /api/v1/services?q=&limit= — the services in the registry, with provider and consumer counts. */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: ({ request, engine }) => engine.catalog.list(parseQuery(request, servicesQuerySchema)),
});
