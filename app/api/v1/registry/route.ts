import { route } from "../../_lib/route-handler";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /api/v1/registry — each configured registry's connection state and view. Never 503: it reports. */
export const GET = route(({ engine }) => engine.registryStatus());
