import { authRuntime } from "@/server/auth/auth-runtime";
import { endpoint } from "../../_lib/endpoint";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /api/v1/users — the users and API tokens the console accepts, by name and role, never
 * a hash (admin only). Read-only: `npm run users` changes them. See docs/api.md.
 */
export const { GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = endpoint({
  GET: { permission: "users.manage", handle: () => authRuntime().authenticator.roster() },
});
