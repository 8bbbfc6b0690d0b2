import { servicesQuerySchema } from "@/lib/api/services";
import { endpoint } from "../../_lib/endpoint";
import { jsonTextResponse } from "../../_lib/json-text-response";
import { parseQuery } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /api/v1/services?q=&by=&limit=&cursor= — one page of the services matching a search, with provider and consumer counts; `Server-Timing: search;dur=…` says how long the server took. */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: {
    permission: "read",
    handle: ({ request, engine }) => {
      const started = performance.now();
      const { json, cached } = engine.catalog.listAnswer(parseQuery(request, servicesQuerySchema));
      // Server-Timing lets a client (bench/search.ts) tell the server's time from the transfer's.
      return jsonTextResponse(json, { name: "search", ms: performance.now() - started, desc: cached ? "cached" : "searched" });
    },
  },
});
