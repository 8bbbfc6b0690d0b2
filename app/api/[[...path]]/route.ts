import { unknownEndpoint } from "../_lib/endpoint";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * Every /api path no route file serves (`/api`, `/api/v1`, `/api/v1/nope`,
 * `/api/v1/services/x`): 404 not_found in JSON, for every method. Next.js prefers a static
 * segment to this optional catch-all, so the real endpoints keep their paths.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = unknownEndpoint();
