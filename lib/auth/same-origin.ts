/**
 * The CSRF decision for requests authenticated by something the browser attaches on its
 * own (the session cookie): an unsafe method must come from the console's own pages. Pure.
 *
 * A write is same-origin when its `Origin` names the request's own scheme and host
 * (`x-forwarded-host` when a proxy sets it, else `Host`): `http://console` is not the origin
 * of `https://console`, whose cookies and pages an http page must not drive; or, when the browser sent no `Origin`, when
 * `Sec-Fetch-Site` says `same-origin`. Bearer-token requests are not ambient and are exempt.
 */

/** Methods that change state, and so need the check. */
const UNSAFE_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The headers the decision reads; a `Headers` fits. */
export interface HeaderSource {
  get(name: string): string | null;
}

export function isUnsafeMethod(method: string): boolean {
  return UNSAFE_METHODS.has(method.toUpperCase());
}

/**
 * Whether a request with `method` and `headers` provably comes from the console's own
 * origin. `strict`: a request that says nothing (no Origin, no Sec-Fetch-Site) is refused
 * (cookie writes and sign-in); not strict, only one that names another origin is (writes
 * with no credentials at all, where authentication is off). `scheme`: how the browser
 * reached the console (the request URL's, or a proxy's `x-forwarded-proto`).
 */
export function isSameOriginWrite(method: string, headers: HeaderSource, strict: boolean, scheme: "http" | "https"): boolean {
  if (!isUnsafeMethod(method)) return true;
  const origin = headers.get("origin");
  if (origin !== null && origin !== "null") {
    const own = ownHost(headers);
    const theirs = parseOrigin(origin);
    return own !== null && theirs !== null && theirs.host === own && theirs.scheme === scheme;
  }
  if (origin === "null") return false;
  const site = headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin";
  return !strict;
}

function ownHost(headers: HeaderSource): string | null {
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return (forwarded || headers.get("host")?.trim() || null)?.toLowerCase() ?? null;
}

function parseOrigin(origin: string): { scheme: string; host: string } | null {
  try {
    const url = new URL(origin);
    return { scheme: url.protocol.replace(/:$/, "").toLowerCase(), host: url.host.toLowerCase() };
  } catch {
    return null;
  }
}
