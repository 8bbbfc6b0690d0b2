import { accessBodySchema } from "@/lib/api/access";
import { endpoint } from "../../../_lib/endpoint";
import { parseJsonBody } from "../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** POST /api/v1/access/preview — the body of a new access rule: which registered consumers of the service it blocks and which keep their providers. Nothing is written. */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  POST: { permission: "read", handle: async ({ request, engine }) => engine.access.preview(await parseJsonBody(request, accessBodySchema)) },
});
