/**
 * Which `Host` values name this console (DNS rebinding defence). A page on
 * `attacker.example` whose name the attacker re-points at the console's address reaches
 * the console with `Host: attacker.example` and a matching `Origin`, so the same-origin
 * check alone passes it; refusing every Host that is not one of the console's own names
 * closes that. Pure.
 *
 * Always allowed: `localhost` (and `*.localhost`), the loopback addresses (127.0.0.0/8,
 * `::1`): a browser sends one of these only to a page that is itself on that address.
 * CONSOLE_ALLOWED_HOSTS adds names: `console.example.com` (exactly that name),
 * `.example.com` or `*.example.com` (that name and every name under it), an IP address, or
 * `*` (any Host: only behind a proxy that checks it). Ports are not compared.
 */

/** The parsed allowlist: `any` when `*` was given. */
export type AllowedHosts = { readonly type: "any" } | { readonly type: "list"; readonly exact: ReadonlySet<string>; readonly suffixes: readonly string[] };

/** Only the loopback names: the default. */
export const LOOPBACK_ONLY: AllowedHosts = { type: "list", exact: new Set(), suffixes: [] };

/** The hostname of a `Host` value (`name`, `name:port`, `[v6]:port`), lower case, no brackets, no trailing dot; null when malformed. */
export function hostnameOf(host: string): string | null {
  const value = host.trim().toLowerCase();
  if (value === "") return null;
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) return bracketed[1]!;
  const m = /^([a-z0-9_.-]+)(?::\d{1,5})?$/.exec(value);
  return m ? m[1]!.replace(/\.$/, "") : null;
}

/** Whether `hostname` (as {@link hostnameOf} gives it) is localhost or a loopback address. */
export function isLoopbackName(hostname: string): boolean {
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return true;
  if (hostname === "::1" || hostname === "0:0:0:0:0:0:0:1") return true;
  const v4 = /^(?:::ffff:)?127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(hostname);
  return v4 !== null && v4.slice(1).every((n) => Number(n) <= 255);
}

/**
 * Parses CONSOLE_ALLOWED_HOSTS: a comma list of entries (see the file comment). Returns the
 * allowlist, or the first bad entry's message.
 */
export function parseAllowedHosts(raw: string | undefined): AllowedHosts | { readonly error: string } {
  const entries = (raw ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== "");
  if (entries.includes("*")) return { type: "any" };
  const exact = new Set<string>();
  const suffixes: string[] = [];
  for (const entry of entries) {
    const wildcard = /^(?:\*)?\.([a-z0-9_-]+(?:\.[a-z0-9_-]+)*)$/.exec(entry);
    if (wildcard) {
      suffixes.push(wildcard[1]!);
      continue;
    }
    const v6 = /^\[?([0-9a-f:.]+)\]?$/.exec(entry);
    if (v6 && (entry.match(/:/g) ?? []).length >= 2) exact.add(v6[1]!);
    else if (/^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?$/.test(entry)) exact.add(entry.replace(/\.$/, ""));
    else return { error: `"${entry}" is not a host name (no port), .domain, *.domain, IP address or *` };
  }
  return { type: "list", exact, suffixes };
}

/** Whether a `Host` (or `X-Forwarded-Host`) value names this console under `allowed`. */
export function isAllowedHost(host: string, allowed: AllowedHosts): boolean {
  const name = hostnameOf(host);
  if (name === null) return false;
  if (allowed.type === "any" || isLoopbackName(name)) return true;
  return allowed.exact.has(name) || allowed.suffixes.some((s) => name === s || name.endsWith(`.${s}`));
}
