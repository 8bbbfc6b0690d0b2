import { servicesQuerySchema } from "@/lib/api/services";
import { parseQuery, route } from "../../_lib/route-handler";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /api/v1/services?q=&limit= — the services in the registry, with provider and consumer counts. */
export const GET = route(({ request, engine }) => engine.catalog.list(parseQuery(request, servicesQuerySchema)));
