/**
 * The HTTP contract of GET /api/v1/topology: applications and services as a graph from the
 * registry, consumer application → service → provider application
 * (server/observability/topology.ts). Edges say how many registrations stand behind them.
 */
import { z } from "zod";
import { textParam, wholeNumberParam } from "./query-params";

export const TOPOLOGY_NODES_DEFAULT = 2_000;
export const TOPOLOGY_NODES_MAX = 10_000;

export const topologyQuerySchema = z.object({
  /** `app:{name}` or `service:{group/interface:version}`: the graph around it, `depth` hops out; left out, the whole graph. */
  focus: textParam("focus", { max: 1_000 }).refine((f) => f === undefined || /^(app|service):.+/.test(f), { message: 'focus must be "app:{name}" or "service:{key}"' }),
  depth: wholeNumberParam("depth", { min: 1, max: 8, fallback: 2 }),
  /** Services whose interface starts with this (a namespace, `io.foo.`), and the applications around them. */
  prefix: textParam("prefix", { max: 255 }),
  /** The most nodes answered (the nearest to the focus first, else in name order); `truncated` says when more matched. */
  limit: wholeNumberParam("limit", { min: 1, max: TOPOLOGY_NODES_MAX, fallback: TOPOLOGY_NODES_DEFAULT }),
});
export type TopologyQuery = z.output<typeof topologyQuerySchema>;

export const topologyNodeSchema = z.object({
  /** `app:{name}` or `service:{key}`. */
  id: z.string(),
  kind: z.enum(["application", "service"]),
  /** The application's name, or the service key. */
  name: z.string(),
  /** Hops from the focus (0: the focus); null without one. */
  distance: z.number().int().nonnegative().nullable(),
  /** A service: its provider and consumer registrations; an application: the services it provides and consumes. */
  providers: z.number().int().nonnegative(),
  consumers: z.number().int().nonnegative(),
  /**
   * Provider addresses (an application's, or a service's) the console's own connections find
   * unreachable now (GET /api/v1/health/providers says why); 0 when none or nothing is known.
   */
  unreachable: z.number().int().nonnegative().optional(),
});
export type TopologyNode = z.infer<typeof topologyNodeSchema>;

export const topologyEdgeSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** `consumes`: application → service; `provides`: service → the application that provides it. */
  kind: z.enum(["provides", "consumes"]),
  /** Registrations behind the edge (instances of the application for that service). */
  count: z.number().int().positive(),
  /**
   * Calls per second over the edge lately, when metrics exist (Dubbo 3's own: a `provides`
   * edge by the provider application's count, a `consumes` edge by the consumer's); absent otherwise.
   */
  rate: z.number().nonnegative().optional(),
});
export type TopologyEdge = z.infer<typeof topologyEdgeSchema>;

export const topologyResponseSchema = z.object({
  nodes: z.array(topologyNodeSchema),
  /** Only between nodes answered. */
  edges: z.array(topologyEdgeSchema),
  /** More nodes matched than `limit`. */
  truncated: z.boolean(),
  /** Nodes and edges that matched before `limit`. */
  matched: z.object({ nodes: z.number().int().nonnegative(), edges: z.number().int().nonnegative() }),
});
export type TopologyResponse = z.infer<typeof topologyResponseSchema>;
