import type { HealthProbe, HealthResponse, HealthStatus, RegistryHealth } from "@/lib/api/health";

/** The health of one replica, and whether the asked probe passes. */
export interface HealthAssessment {
  readonly body: HealthResponse;
  /** 200 when the probe passes, 503 when it does not. */
  readonly httpStatus: 200 | 503;
}

/**
 * Judges the replica from its registries' facts, with no I/O (the engine hands in what it
 * holds in memory, so a probe never waits on ZooKeeper).
 *
 * - liveness (`live`) passes whenever the process answers: a registry being down is not
 *   cured by restarting the console, so it must never fail the liveness probe;
 * - readiness (`ready`) passes once every registry has finished a full read since start and
 *   at least one session is connected now. With every session down the replica leaves the
 *   load balancer's rotation (its view may be stale and writes would answer 503); with some
 *   down it stays in and reports `degraded`, still serving the others' live views.
 *
 * A console with no registry is `ok` and ready: nothing to wait for.
 */
export function assessHealth(registries: readonly RegistryHealth[], probe: HealthProbe): HealthAssessment {
  const status = healthStatus(registries);
  const connected = registries.length === 0 || registries.some((r) => r.state === "connected");
  const ready = status !== "starting" && connected;
  const passes = probe === "live" || ready;
  return { body: { status, registries: [...registries] }, httpStatus: passes ? 200 : 503 };
}

function healthStatus(registries: readonly RegistryHealth[]): HealthStatus {
  if (registries.some((r) => r.syncedAt === null)) return "starting";
  return registries.every((r) => r.state === "connected") ? "ok" : "degraded";
}

/**
 * The probe a query string asks for: `probe=live` is liveness; no `probe`, or `probe=ready`,
 * is readiness; anything else is null (the caller answers 400).
 */
export function parseHealthProbe(search: URLSearchParams): HealthProbe | null {
  const probe = search.get("probe");
  if (probe === null || probe === "ready") return "ready";
  return probe === "live" ? "live" : null;
}
