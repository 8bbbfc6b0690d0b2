import { endpoint } from "../_lib/endpoint";
import { healthCheck } from "../_lib/health-check";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /api/health — public liveness (`?probe=live`) and readiness (default) of this replica,
 * for Kubernetes probes, the image's HEALTHCHECK and load balancers. Outside /api/v1 on
 * purpose; a static segment, so the /api catch-all never answers it.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({ GET: { permission: "public", handle: healthCheck } });
