import { providersHealthQuerySchema } from "@/lib/api/provider-health";
import { endpoint } from "../../../_lib/endpoint";
import { parseQuery } from "../../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /api/v1/health/providers?service=&group=&version= | ?address=host:port — each provider's
 * health as the console's own connection to it knows it (state, heartbeat round trip, last
 * error); no connection is opened to answer (docs/api.md "Provider health").
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: {
    permission: "read",
    handle: ({ request, engine }) => {
      const q = parseQuery(request, providersHealthQuerySchema);
      return q.address !== undefined ? engine.providerHealth.ofAddress(q.address) : engine.providerHealth.ofService({ interface: q.service!, group: q.group ?? "", version: q.version ?? "" });
    },
  },
});
