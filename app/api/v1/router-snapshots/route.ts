import { routerSnapshotsQuerySchema } from "@/lib/api/router-snapshots";
import { endpoint } from "../../_lib/endpoint";
import { parseQuery } from "../../_lib/request-input";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /api/v1/router-snapshots?service=&group=&version= — what each registered Dubbo 3
 * consumer's router chain left it on its latest call, by its own QoS, beside what the
 * console predicts (`agrees` / `differs`); the first ask turns recording on in the consumer
 * (`collecting`), and it is turned off a minute after the last. 404 for a service not
 * registered; rate-limited per user (429). Needs `read`.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: {
    permission: "read",
    handle: ({ request, engine, actor }) => {
      const query = parseQuery(request, routerSnapshotsQuerySchema);
      return engine.routerSnapshots.snapshots({ interface: query.service, group: query.group ?? "", version: query.version ?? "" }, `${actor.via}:${actor.name}`);
    },
  },
});
