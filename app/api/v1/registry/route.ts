import { endpoint } from "../../_lib/endpoint";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /api/v1/registry — each configured registry's connection state and view. Never 503: it reports. */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: { permission: "read", handle: ({ engine }) => engine.registryStatus() },
});
