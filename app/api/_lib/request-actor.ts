import "server-only";
import type { Actor } from "@/lib/auth/actor";

/**
 * Who made `request`. Until sign-in lands every request is the anonymous admin that
 * `CONSOLE_AUTH=off` describes; the address is the first hop `next start` records in
 * `x-forwarded-for` (it sets the header from the socket).
 */
export function requestActor(request: Request): Actor {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return { name: "anonymous", role: "admin", via: "anonymous", address: forwarded || "unknown" };
}
