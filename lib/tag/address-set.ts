import { javaTrim } from "../routing/parse/java-text";
import { matchIpExpression } from "./ip-expression";
import { javaInet, UnresolvedHostError } from "./java-inet";

/**
 * A tag's address entries compiled once, for `checkAddressMatch` (TagRouter and
 * TagStateRouter alike) over many providers: true when any entry names the provider
 * (`NetUtils.matchIpExpression`, or the entry is `0.0.0.0:{port}` and the match did not
 * throw); an entry Java throws on is skipped. Plain IPv4 entries (`a.b.c.d`,
 * `a.b.c.d:port`) are looked up by host, so a rule of many addresses costs one lookup per
 * provider; every other entry is asked per provider, remembered per host and port.
 */

/** What a provider offers the match: its host and port. */
export interface AddressTarget {
  readonly host: string | null;
  readonly port: number;
  /** The valid IPv4 host address, worked out beforehand (see TagProvider.v4). */
  readonly v4?: string | null;
}

/** The valid IPv4 host address of `host` for NetUtils (not loopback, not 0.0.0.0), else null. */
export function validV4Address(host: string | null): string | null {
  if (host === null) return null;
  const info = hostInfo(host);
  return info.validV4 ? info.hostAddress : null;
}

interface HostInfo {
  /** NetUtils.isValidV4Address: an IPv4 host other than loopback and 0.0.0.0. */
  readonly validV4: boolean;
  readonly hostAddress: string | null;
}

const V4_LITERAL = /^((?:0|[1-9]\d{0,2})\.(?:0|[1-9]\d{0,2})\.(?:0|[1-9]\d{0,2})\.(?:0|[1-9]\d{0,2}))(?::(.*))?$/s;

const hosts = new Map<string, HostInfo>();
const HOSTS_MAX = 65_536;

function hostInfo(host: string): HostInfo {
  let info = hosts.get(host);
  if (info === undefined) {
    try {
      const a = javaInet(host);
      info = { validV4: a.bytes.length === 4 && !a.loopback && a.hostAddress !== "0.0.0.0", hostAddress: a.hostAddress };
    } catch {
      info = { validV4: false, hostAddress: null };
    }
    if (hosts.size >= HOSTS_MAX) hosts.clear();
    hosts.set(host, info);
  }
  return info;
}

export class AddressSet {
  /** Plain IPv4 entries by host: the ports they name (null: any port). */
  private readonly literal = new Map<string, (string | null)[]>();
  /** `0.0.0.0:{port}` entries that are also plain IPv4 entries (valid hosts only reach the equality). */
  private readonly anyHostPorts = new Set<string>();
  private readonly general: string[] = [];
  private readonly answers = new Map<string, boolean>();
  /** Entries Java would resolve by DNS. */
  readonly dns = new Set<string>();
  /** Whether any entry is present at all (2.7/3.3 `isNotEmpty` of the list). */
  readonly size: number;

  constructor(entries: readonly (string | null)[]) {
    this.size = entries.length;
    for (const e of entries) {
      if (e === null) continue;
      if (e.includes("/")) {
        this.general.push(e);
        continue;
      }
      const m = V4_LITERAL.exec(javaTrim(e));
      if (m === null || m[1]!.split(".").some((p) => Number(p) > 255)) {
        this.general.push(e);
        continue;
      }
      const ports = this.literal.get(m[1]!) ?? [];
      ports.push(m[2] ?? null);
      this.literal.set(m[1]!, ports);
      if (e.startsWith("0.0.0.0:")) this.anyHostPorts.add(e.slice("0.0.0.0:".length));
    }
  }

  private readonly members = new WeakMap<readonly AddressTarget[], Uint8Array>();

  /** For each provider of `list`, 1 when an entry names it; worked out once per list (the catalog keeps its parsed lists). */
  membership(list: readonly AddressTarget[]): Uint8Array {
    let m = this.members.get(list);
    if (m === undefined) {
      m = new Uint8Array(list.length);
      if (this.size > 0) for (let i = 0; i < list.length; i++) if (this.matches(list[i]!)) m[i] = 1;
      this.members.set(list, m);
    }
    return m;
  }

  /** Whether an entry names `p`. */
  matches(p: AddressTarget): boolean {
    if (p.host === null) return false;
    if (this.literal.size > 0) {
      // A plain IPv4 entry throws for any host that is not a valid IPv4 one (it is then matched as IPv6).
      const v4 = p.v4 !== undefined ? p.v4 : validV4Address(p.host);
      if (v4 !== null) {
        const ports = this.literal.get(v4);
        if (ports !== undefined) {
          const port = String(p.port);
          if (ports.some((q) => q === null || q === port)) return true;
        }
        if (this.anyHostPorts.size > 0 && this.anyHostPorts.has(String(p.port))) return true;
      }
    }
    for (const e of this.general) if (this.ask(e, p.host, p.port)) return true;
    return false;
  }

  private ask(entry: string, host: string, port: number): boolean {
    const key = `${entry}\u0000${host}\u0000${port}`;
    let answer = this.answers.get(key);
    if (answer === undefined) {
      try {
        answer = matchIpExpression(entry, host, port) || entry === `0.0.0.0:${port}`;
      } catch (e) {
        if (e instanceof UnresolvedHostError) this.dns.add(entry);
        answer = false;
      }
      this.answers.set(key, answer);
    }
    return answer;
  }
}

/** Several address lists as one: an entry of any names the provider (`checkAddressMatch` over their concatenation). */
export class AddressUnion {
  constructor(private readonly sets: readonly AddressSet[]) {}

  get size(): number {
    return this.sets.reduce((n, s) => n + s.size, 0);
  }

  get dns(): Set<string> {
    return new Set(this.sets.flatMap((s) => [...s.dns]));
  }

  matches(p: AddressTarget): boolean {
    for (const s of this.sets) if (s.matches(p)) return true;
    return false;
  }

  private readonly members = new WeakMap<readonly AddressTarget[], Uint8Array>();

  /** For each provider of `list`, 1 when an entry of any list names it (the members' own memberships OR-ed). */
  membership(list: readonly AddressTarget[]): Uint8Array {
    let m = this.members.get(list);
    if (m === undefined) {
      m = new Uint8Array(list.length);
      for (const s of this.sets) {
        const own = s.membership(list);
        for (let i = 0; i < own.length; i++) m[i]! |= own[i]!;
      }
      this.members.set(list, m);
    }
    return m;
  }
}
