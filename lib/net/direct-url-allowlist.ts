/**
 * CONSOLE_DIRECT_URLS: where a direct invocation `url` may go when it is not a registered
 * provider of the service (and the caller has the `invoke.direct-url` permission). Entries
 * separated by commas or white space, each `HOST:PORTS`:
 *
 * - HOST: an IPv4 address (`10.0.3.7`, in any unambiguous spelling, see ./canonical-host.ts),
 *   an IPv4 network (`10.0.3.0/24`), an IPv6 address in brackets (`[fd00::7]`), or a name
 *   (`orders.internal`), which matches that name as written in the url and nothing else:
 *   the console never resolves a name to check it;
 * - PORTS: a port (`20880`) or an inclusive range (`20880-20899`); required.
 *
 * Pure; parsed once at start-up (server/runtime/config.ts).
 */
import { type CanonicalHost, canonicalHost } from "./canonical-host";

/** One allowlist entry. */
export type AllowEntry =
  | { readonly kind: "ipv4-network"; readonly network: number; readonly prefix: number; readonly ports: PortRange; readonly text: string }
  | { readonly kind: "host"; readonly host: string; readonly ports: PortRange; readonly text: string };

/** An inclusive port range. */
export interface PortRange {
  readonly from: number;
  readonly to: number;
}

/** Parses the variable's value; throws an Error whose message names the bad entry. */
export function parseDirectUrlAllowlist(text: string): AllowEntry[] {
  return text
    .split(/[\s,]+/)
    .filter((t) => t !== "")
    .map(parseEntry);
}

function parseEntry(text: string): AllowEntry {
  const m = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})(?:-(\d{1,5}))?$/.exec(text);
  if (!m) throw new Error(`"${text}": an entry is HOST:PORT or HOST:FROM-TO (IPv6 in brackets)`);
  const ports = { from: Number(m[2]), to: Number(m[3] ?? m[2]) };
  if (ports.from < 1 || ports.to > 65535 || ports.from > ports.to) throw new Error(`"${text}": ports must be 1-65535, the range low to high`);
  const hostText = m[1]!;
  const slash = hostText.indexOf("/");
  if (slash >= 0) {
    const base = canonicalHost(hostText.slice(0, slash));
    const prefixText = hostText.slice(slash + 1);
    const prefix = /^\d{1,2}$/.test(prefixText) ? Number(prefixText) : NaN;
    if (base.kind !== "ipv4" || !(prefix >= 0 && prefix <= 32)) throw new Error(`"${text}": a network is an IPv4 address and a prefix of 0-32 (10.0.0.0/8)`);
    return { kind: "ipv4-network", network: masked(base.value, prefix), prefix, ports, text };
  }
  const host = canonicalHost(hostText);
  if (host.kind === "ambiguous") throw new Error(`${host.reason}`);
  return { kind: "host", host: host.host, ports, text };
}

function masked(value: number, prefix: number): number {
  return prefix === 0 ? 0 : (value & (~0 << (32 - prefix))) >>> 0;
}

/** The entry that lets a url go to `host` (canonical) and `port`, or undefined. */
export function allowingEntry(list: readonly AllowEntry[], host: Exclude<CanonicalHost, { kind: "ambiguous" }>, port: number): AllowEntry | undefined {
  return list.find((e) => {
    if (port < e.ports.from || port > e.ports.to) return false;
    if (e.kind === "host") return e.host === host.host;
    return host.kind === "ipv4" && masked(host.value, e.prefix) === e.network;
  });
}
