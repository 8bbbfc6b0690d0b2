import { applicationQuerySchema } from "@/lib/api/catalog-entities";
import { endpoint } from "../../_lib/endpoint";
import { parseQuery } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /api/v1/application?name= — what one application provides and consumes, and its instances. 404 for an unknown name. */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: { permission: "read", handle: ({ request, engine }) => engine.catalog.application(parseQuery(request, applicationQuerySchema).name) },
});
