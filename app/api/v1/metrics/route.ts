import { metricsQuerySchema } from "@/lib/api/metrics";
import { endpoint } from "../../_lib/endpoint";
import { parseQuery } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /api/v1/metrics?service=&group=&version=&address=&method=&range= — calls/s, p50, p99 and
 * failures/s of a service per provider (Dubbo 3's own metrics), from the Prometheus at
 * PROMETHEUS_URL or scraped from the providers' QoS, with the rule changes and
 * registrations on the time axis. 404 for a service not registered; 502 when Prometheus
 * cannot answer. Needs `read`.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: {
    permission: "read",
    handle: ({ request, engine }) => engine.metrics.query(parseQuery(request, metricsQuerySchema)),
  },
});
