/**
 * GET /api/health: what a load balancer, a Kubernetes probe or an operator's script reads to
 * know whether this console replica can serve. Public (no credentials), cheap (read from
 * memory, no ZooKeeper round trip), outside /api/v1 so its path never changes with the API.
 */
import { z } from "zod";
import type { RegistryState } from "./registry-state";

/**
 * - `starting`: some registry has not finished its first full read of the tree since the
 *   process started (a view seeded from the disk cache does not count);
 * - `ok`: every registry has been read and its session is connected;
 * - `degraded`: every registry has been read once, but some session is not connected now
 *   (its last complete view is being served, marked stale).
 */
export const healthStatusSchema = z.enum(["ok", "degraded", "starting"]);
export type HealthStatus = z.infer<typeof healthStatusSchema>;

/** One registry as the health answer reports it: a subset of GET /api/v1/registry's entry. */
export const registryHealthSchema = z.object({
  source: z.string(),
  /** The connection state's `type` (see registryStateSchema). */
  state: z.enum(["connecting", "connected", "suspended", "lost", "closed"] as const satisfies readonly RegistryState["type"][]),
  /** When the view last finished a full read of the tree; null before the first one. */
  syncedAt: z.number().nullable(),
});
export type RegistryHealth = z.infer<typeof registryHealthSchema>;

export const healthResponseSchema = z.object({
  status: healthStatusSchema,
  registries: z.array(registryHealthSchema),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** The probe a request asks for: `?probe=live` (liveness) or, by default, readiness. */
export type HealthProbe = "live" | "ready";
