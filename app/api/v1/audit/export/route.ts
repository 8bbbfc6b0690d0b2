import { auditExportQuerySchema } from "@/lib/api/audit";
import { can } from "@/lib/auth/roles";
import { auditExportStream, exportFile } from "@/server/governance/audit/audit-export";
import { endpoint } from "../../../_lib/endpoint";
import { parseQuery } from "../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /api/v1/audit/export?format=csv|jsonl&service=&user=&kind=&route=&from=&to= — every
 * entry the list's filters select, newest first, as a streamed download (CSV formula-safe).
 * The same permission and the same withholding of invocation data as GET /api/v1/audit.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: {
    permission: "read",
    handle: ({ request, engine, actor }) => {
      const { format, ...filter } = parseQuery(request, auditExportQuerySchema);
      const entries = engine.audit.select(filter, { mayInvoke: can(actor, "invoke") });
      const file = exportFile(format, Date.now());
      return new Response(auditExportStream(entries, format), {
        headers: { "content-type": file.contentType, "content-disposition": `attachment; filename="${file.filename}"`, "cache-control": "no-store, no-transform", "x-content-type-options": "nosniff" },
      });
    },
  },
});
