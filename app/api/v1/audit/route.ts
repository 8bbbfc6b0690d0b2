import { auditQuerySchema } from "@/lib/api/audit";
import { endpoint } from "../../_lib/endpoint";
import { parseQuery } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /api/v1/audit?service=&user=&kind=&route=&cursor=&limit= — the audit trail, newest
 * first, a page at a time (`nextCursor` fetches the next). See docs/api.md.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: { permission: "read", handle: ({ request, engine }) => engine.audit.query(parseQuery(request, auditQuerySchema)) },
});
