import { topologyQuerySchema } from "@/lib/api/topology";
import { edgeKey } from "@/server/observability/metrics/metrics-service";
import { topology } from "@/server/observability/topology";
import { endpoint } from "../../_lib/endpoint";
import { parseQuery } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /api/v1/topology?focus=&depth=&prefix=&limit= — applications and services as a graph
 * from the registry: `{ nodes, edges, truncated, matched }` (docs/api.md "Topology"), with call
 * rates on edges where metrics exist and unreachable providers counted on nodes.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: {
    permission: "read",
    handle: async ({ request, engine }) => {
      const query = parseQuery(request, topologyQuerySchema);
      const services = function* () {
        for (const e of engine.catalog.entries()) yield { key: e.key, interface: e.id.interface, providers: e.providers, consumers: e.consumers };
      };
      const rates = await engine.metrics.edgeRates();
      return topology(services(), query, {
        rate: (service, application, kind) => rates.get(edgeKey(kind, service, application)),
        unreachable: (address) => engine.providerHealth.unreachable(address),
      });
    },
  },
});
