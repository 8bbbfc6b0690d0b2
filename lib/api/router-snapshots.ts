/**
 * The HTTP contract of router snapshots (issue 18): GET /api/v1/router-snapshots?service=
 * asks each registered Dubbo 3 consumer of the service that the console can reach by QoS
 * what its router chain really left it on its latest call (`enableRouterSnapshot`, then
 * `getRecentRouterSnapshot`), and sets that beside what the console predicts for it (the
 * whole chain, as the tag preview runs it: tag router and condition routes in Dubbo's order,
 * for a call without a request tag). Dubbo 2.7 has no router snapshot.
 */
import { z } from "zod";
import { textParam } from "./query-params";

/** GET /api/v1/router-snapshots?service=&group=&version=. */
export const routerSnapshotsQuerySchema = z.object({
  service: z.string({ error: "service must be an interface name such as io.x.Api" }).trim().min(1, { error: "service must not be empty" }).max(255, { error: "service is at most 255 characters" }),
  group: textParam("group", { max: 100 }),
  version: textParam("version", { max: 100 }),
});
export type RouterSnapshotsQuery = z.output<typeof routerSnapshotsQuerySchema>;

/**
 * - `agrees`: the latest call's chain left the providers the console predicts (count, and the addresses listed);
 * - `differs`: it left others: the preview is wrong for this consumer, or the consumer does not obey a rule;
 * - `collecting`: recording was just turned on (or no call came since): ask again after the consumer's next call;
 * - `unsupported`: a release without router snapshots (2.7);
 * - `unreachable`: its QoS could not be asked (`reason` says why).
 */
export const SNAPSHOT_STATES = ["agrees", "differs", "collecting", "unsupported", "unreachable"] as const;

const providersSchema = z.object({ total: z.number().int().nonnegative(), addresses: z.array(z.string()), truncated: z.boolean() });

export const consumerSnapshotSchema = z.object({
  application: z.string(),
  /** The consumer's registered host. */
  address: z.string(),
  release: z.string(),
  /** Where its QoS was asked (`host:port`); null when not asked. */
  qos: z.string().nullable(),
  state: z.enum(SNAPSHOT_STATES),
  reason: z.string().nullable(),
  /** The latest call's routing: when, what the chain left, and each router's part; null before one is recorded. */
  snapshot: z
    .object({
      at: z.number().int().nonnegative(),
      providers: providersSchema,
      routers: z.array(z.object({ name: z.string(), input: z.number().int(), output: z.number().int(), message: z.string().nullable() })),
    })
    .nullable(),
  /** What the console predicts the chain leaves it; null when it could not say (`reason`). */
  predicted: providersSchema.nullable(),
});
export type ConsumerSnapshot = z.infer<typeof consumerSnapshotSchema>;

export const routerSnapshotsResponseSchema = z.object({
  service: z.string(),
  consumers: z.array(consumerSnapshotSchema),
  /** How long recording stays on after the last ask (it slows the consumer's calls a little). */
  recordingMs: z.number().int().positive(),
});
export type RouterSnapshotsResponse = z.infer<typeof routerSnapshotsResponseSchema>;
