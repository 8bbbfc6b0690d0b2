import { type AllowedHosts, isAllowedHost } from "@/lib/http/allowed-hosts";
import { HostNotAllowedError } from "@/server/errors/request-errors";
import { errorResponse } from "./error-response";

/** Paths answered whatever the Host: the public health probe, which Kubernetes sends to the pod's IP address and which says nothing a rebinding page could use. */
const ANY_HOST_PATHS: ReadonlySet<string> = new Set(["/api/health"]);

/**
 * The 421 for a request whose `Host` or `X-Forwarded-Host` is not one of the console's
 * names (lib/http/allowed-hosts.ts), or undefined to let it through. Runs in proxy.ts before
 * anything else, for pages and the API alike, so a page re-pointed at the console (DNS
 * rebinding) can neither read nor write through it. Next sets `X-Forwarded-Host` to the
 * Host when a client sent none, so both are checked.
 */
export function refuseForeignHost(request: Request, allowed: AllowedHosts): Response | undefined {
  if (ANY_HOST_PATHS.has(new URL(request.url).pathname)) return undefined;
  for (const name of ["host", "x-forwarded-host"]) {
    const values = request.headers.get(name)?.split(",") ?? [];
    const bad = values.find((v) => !isAllowedHost(v, allowed));
    if (bad !== undefined) return errorResponse(new HostNotAllowedError(bad.trim()));
  }
  if (request.headers.get("host") === null) return errorResponse(new HostNotAllowedError(""));
  return undefined;
}
