/**
 * The state of one registry connection, as the engine reports it and the UI renders it
 * (an exhaustive switch over `type`).
 *
 * - `connecting`: no session yet (start-up, or a new client after a lost session);
 * - `connected`: a live session; the view is being kept current by watches;
 * - `suspended`: the socket dropped; the session may still be alive on the server, and
 *   ZooKeeper will restore the watches if it reconnects in time; data shown is stale;
 * - `lost`: the session expired, or stayed suspended past its timeout; a new client is
 *   being made and everything will be re-read;
 * - `closed`: the engine shut the connection down.
 */
import { z } from "zod";

export const registryStateSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("connecting"), since: z.number(), attempts: z.number() }),
  z.object({ type: z.literal("connected"), since: z.number(), sessionId: z.string(), /** `host:port` of the ensemble member serving the session. */ server: z.string() }),
  z.object({ type: z.literal("suspended"), since: z.number() }),
  z.object({ type: z.literal("lost"), since: z.number(), reason: z.string() }),
  z.object({ type: z.literal("closed"), since: z.number() }),
]);
export type RegistryState = z.infer<typeof registryStateSchema>;

/**
 * Why the view of a registry is not known to be current, and since when. Set while the
 * console serves the last complete view instead of a live one:
 * - `disconnected`: ZooKeeper has not answered since `since` (suspended, lost, reconnecting);
 * - `rereading`: a new session is re-reading the whole tree; the last complete view is
 *   shown until the re-read has finished, so a half-read tree is never published;
 * - `cached`: no full read has finished since the console started; the view shown was
 *   loaded from the disk cache, and `since` is when it was last known current (the
 *   cache's `savedAt`).
 */
export const staleSchema = z.object({
  since: z.number(),
  ageMs: z.number(),
  reason: z.enum(["disconnected", "rereading", "cached"]),
});
export type Stale = z.infer<typeof staleSchema>;

/** One registry as GET /api/v1/registry reports it. */
export const registryStatusSchema = z.object({
  source: z.string(),
  servers: z.array(z.string()),
  root: z.string(),
  state: registryStateSchema,
  /**
   * The connection's last state changes, newest first (at most 20); the first is the current
   * state's period. Repeated attempts of one state are one entry from its start.
   */
  history: z.array(registryStateSchema),
  /** When the view last finished a full read of the tree; null before the first one. */
  syncedAt: z.number().nullable(),
  serviceCount: z.number(),
  /** When ZooKeeper last sent anything on this registry's connection (a reply, a ping answer, an event); null before the first. */
  lastHeardAt: z.number().nullable(),
  /**
   * The most recent connection failure, in words an operator can act on ("connection
   * refused by 127.0.0.1:2181", "no answer from 127.0.0.1:2181 for 8000 ms",
   * "authentication failed"); null when there has been none since the console started.
   */
  lastError: z.object({ at: z.number(), message: z.string() }).nullable(),
  /** Set while the view served is the last complete one rather than a live one. */
  stale: staleSchema.nullable(),
  /** Child nodes that are not valid Dubbo URLs, skipped with a reason. */
  invalidNodes: z.array(z.object({ path: z.string(), reason: z.string() })),
});
export type RegistryStatus = z.infer<typeof registryStatusSchema>;

/**
 * The audit trail's ZooKeeper path and its ACL as last read (after each listing of the
 * path); null before the first read. `worldWritable`: `world:anyone` may create, delete or
 * write there, so any ZooKeeper client can forge or delete entries.
 */
export const auditAclStatusSchema = z.object({
  path: z.string(),
  acl: z.string(),
  worldWritable: z.boolean(),
  checkedAt: z.number(),
});
export type AuditAclStatus = z.infer<typeof auditAclStatusSchema>;

export const registryStatusResponseSchema = z.object({ registries: z.array(registryStatusSchema), audit: auditAclStatusSchema.nullable() });
export type RegistryStatusResponse = z.infer<typeof registryStatusResponseSchema>;
