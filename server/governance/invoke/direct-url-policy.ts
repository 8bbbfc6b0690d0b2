import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/auth/roles";
import { type DubboUrl, UrlSyntaxError } from "@/lib/dubbo/url";
import { ConsoleError, ValidationError } from "@/lib/errors";
import { ForbiddenError } from "@/server/errors/auth-errors";
import { canonicalAddress, canonicalHost } from "@/lib/net/canonical-host";
import { type AllowEntry, allowingEntry } from "@/lib/net/direct-url-allowlist";
import type { CatalogService } from "../../cluster/directory/catalog-snapshot";
import { DIRECT_PROTOCOLS, parseDirectUrls } from "../../cluster/direct-connection";

/**
 * Where an invocation's direct `url` may go. Without this, `url` reached any address in
 * any spelling (a scanner of the console's network, and a client of any line-based
 * service). Now each address of the url, compared in its one spelling
 * (lib/net/canonical-host.ts, no name is ever looked up), must be
 *
 * 1. a registered dubbo provider of the service (any registry), or else
 * 2. allowed by CONSOLE_DIRECT_URLS, and the caller's role must have `invoke.direct-url`.
 *
 * Every address is checked before anything is connected, so a refused url opens no socket.
 */

/** At most this many addresses in one `url` (a broadcast over them is one call). */
export const MAX_DIRECT_URLS = 16;

/** One address of a direct url, checked: its URL with the host in its canonical spelling (what is connected to). */
export interface DirectTarget {
  readonly url: DubboUrl;
  /** `host:port`, canonical. */
  readonly address: string;
  /** Whether it is a registered provider of the service; if not, its connection is closed after the call. */
  readonly registered: boolean;
}

/** A direct url's address that is neither a registered provider of the service nor allowed by CONSOLE_DIRECT_URLS: 403 url_not_allowed. */
export class DirectUrlRefusedError extends ConsoleError {
  constructor(
    readonly address: string,
    service: string,
  ) {
    super(
      "url_not_allowed",
      `${address} is not a registered provider of ${service}, and CONSOLE_DIRECT_URLS does not allow it: a direct url may name the service's registered providers, or addresses the operator allows`,
      { address, service },
    );
    this.name = "DirectUrlRefusedError";
  }
}

/** Who is calling, as far as the policy needs: the role's name and permissions; undefined for the console itself (registered providers only). */
export type DirectCaller = Pick<Actor, "role" | "permissions"> | undefined;

/**
 * The checked targets of `text` for a call of `service` (its catalog entry, undefined when
 * nothing registers it). @throws UrlSyntaxError (400) for a url that does not parse or an
 * ambiguous spelling, ValidationError (400) past MAX_DIRECT_URLS, DirectUrlRefusedError
 * (403) for an address not allowed, ForbiddenError (403, `needed: invoke.direct-url`) for
 * an allowed address the caller's role may not use.
 */
export function directTargets(text: string, entry: CatalogService | undefined, allowlist: readonly AllowEntry[], caller: DirectCaller, key: string): DirectTarget[] {
  const urls = parseDirectUrls(text);
  if (urls.length > MAX_DIRECT_URLS) throw new ValidationError(`url names ${urls.length} addresses; at most ${MAX_DIRECT_URLS}`, [{ path: "url", message: `at most ${MAX_DIRECT_URLS} addresses` }]);
  const registered = registeredAddresses(entry);
  const targets = urls.map((url) => {
    const host = canonicalHost(url.host);
    if (host.kind === "ambiguous") throw new UrlSyntaxError(`${url.host}:${url.port}`, host.reason);
    const address = canonicalAddress(host, url.port);
    const canonicalUrl: DubboUrl = { ...url, host: host.kind === "ipv6" ? `[${host.host}]` : host.host };
    return { url: canonicalUrl, address, registered: registered.has(`${url.protocol}://${address}`), host };
  });
  for (const t of targets) {
    if (t.registered) continue;
    if (allowingEntry(allowlist, t.host, t.url.port) === undefined) throw new DirectUrlRefusedError(t.address, key);
    if (caller === undefined || !can(caller, "invoke.direct-url")) {
      const role = caller?.role ?? "console";
      throw new ForbiddenError(`the ${role} role may not call ${t.address}, which is not a registered provider of ${key}: it needs the invoke.direct-url permission`, { needed: "invoke.direct-url", role });
    }
  }
  return targets.map(({ url, address, registered: r }) => ({ url, address, registered: r }));
}

/** `protocol://host:port`, the host canonical, of every registered dubbo and tri provider of the service. */
function registeredAddresses(entry: CatalogService | undefined): Set<string> {
  const set = new Set<string>();
  for (const p of entry?.providers ?? []) {
    if (!DIRECT_PROTOCOLS.has(p.url.protocol) || p.url.port <= 0) continue;
    const host = canonicalHost(p.url.host);
    if (host.kind !== "ambiguous") set.add(`${p.url.protocol}://${canonicalAddress(host, p.url.port)}`);
  }
  return set;
}

