import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { type DubboUrl, urlAddress } from "@/lib/dubbo/url";
import { rawParam } from "@/lib/override/url-access";

const ANYHOST = "0.0.0.0";
/** The key of ProviderListMemo.classes for a provider's port, beside its parameters. */
export const PORT = "\u0000port";
/** How many derived entries (base views, spreads, reaches) one provider list keeps; past it they are dropped and made anew. */
const ENTRIES_MAX = 256;
/** Keys longer than this (a draft with very many or very long parameter keys) are made anew each time, not kept: what is kept stays small. */
const KEY_MAX = 4_096;

/** Providers in classes (ProviderListMemo.classes): `of[i]` is provider i's, from 0 to `count` − 1. */
export interface ProviderClasses {
  readonly of: Int32Array;
  readonly count: number;
}

/**
 * What the override preview derives from one provider list and nothing else of the request,
 * kept while the catalog holds the same parsed array (config-preview-request.ts parses it
 * once per catalog state): its providers by host and address, their sides, which providers
 * a `providerAddresses` list reaches, and entries the preview files under its own keys
 * (base views and spreads of consumers alike). A preview typed key by key against one
 * service then pays for the service's size once, not per keystroke.
 *
 * Everything here is a pure function of the list (and the entry's key): dropping an entry
 * only costs its making again.
 */
export class ProviderListMemo {
  private hosts: Map<string, number[]> | null = null;
  private addressList: readonly string[] | null = null;
  private sideSet: ReadonlySet<string | undefined> | null = null;
  private readonly reaches = new Map<string, readonly number[] | null>();
  private readonly entries = new Map<string, unknown>();
  private readonly columns = new Map<string, Int32Array>();
  private readonly classings = new Map<string, ProviderClasses>();

  private constructor(readonly providers: readonly DubboUrl[]) {}

  private static readonly memos = new WeakMap<readonly DubboUrl[], ProviderListMemo>();
  private static readonly kept = new WeakMap<readonly DubboUrl[], readonly DubboUrl[]>();

  /** The memo of `providers` (one per array). */
  static of(providers: readonly DubboUrl[]): ProviderListMemo {
    let memo = ProviderListMemo.memos.get(providers);
    if (memo === undefined) ProviderListMemo.memos.set(providers, (memo = new ProviderListMemo(providers)));
    return memo;
  }

  /** `providers` without `empty://` ones, the same array for the same input (so its memo lasts). */
  static registered(providers: readonly DubboUrl[]): readonly DubboUrl[] {
    let kept = ProviderListMemo.kept.get(providers);
    if (kept === undefined) {
      kept = providers.some((p) => p.protocol === "empty") ? providers.filter((p) => p.protocol !== "empty") : providers;
      ProviderListMemo.kept.set(providers, kept);
    }
    return kept;
  }

  /** Provider indexes by host. */
  byHost(host: string): readonly number[] {
    if (this.hosts === null) {
      const hosts = new Map<string, number[]>();
      this.providers.forEach((p, i) => {
        let list = hosts.get(p.host);
        if (list === undefined) hosts.set(p.host, (list = []));
        list.push(i);
      });
      this.hosts = hosts;
    }
    return this.hosts.get(host) ?? [];
  }

  /** Each provider's `host:port`. */
  addresses(): readonly string[] {
    return (this.addressList ??= this.providers.map((p) => urlAddress(p)));
  }

  /** The `side` values the providers have (undefined for none). */
  sides(): ReadonlySet<string | undefined> {
    return (this.sideSet ??= new Set(this.providers.map((p) => rawParam(p, "side"))));
  }

  /**
   * The providers a rule's `providerAddresses` list reaches, as `release` matches it (the
   * rule's host aside), or null when it reaches any: 2.7.23 takes an address that is a
   * substring of the list, or any list with `0.0.0.0` in it; 3.3.6 an entry equal to the
   * address or the host, or `0.0.0.0` (any port).
   */
  addressesReached(list: string, release: DubboRelease): readonly number[] | null {
    const id = `${release}\u0000${list}`;
    if (this.reaches.has(id)) return this.reaches.get(id)!;
    if (this.reaches.size >= ENTRIES_MAX) this.reaches.clear();
    const addresses = this.addresses();
    let reach: number[] | null = [];
    if (release === "2.7") {
      if (list.includes(ANYHOST)) reach = null;
      else addresses.forEach((a, i) => list.includes(a) && reach!.push(i));
    } else {
      const entries = list.split(",");
      if (entries.some((a) => a === ANYHOST || a.startsWith(`${ANYHOST}:`))) reach = null;
      else {
        const wanted = new Set(entries);
        addresses.forEach((a, i) => (wanted.has(a) || wanted.has(this.providers[i]!.host)) && reach!.push(i));
      }
    }
    if (id.length <= KEY_MAX) this.reaches.set(id, reach);
    return reach;
  }

  /**
   * The providers in classes alike in `keys`: equal raw values of each key (absent apart
   * from empty; PORT for the port), and equal user name and path; each provider of `apart`
   * (indexes, sorted) in a class of its own. A rule whose outcome depends only on those is
   * judged once per class.
   */
  classes(keys: readonly string[], apart: readonly number[] = []): ProviderClasses {
    const id = `${keys.join("\u0000")}\u0001${apart.join(",")}`;
    let found = this.classings.get(id);
    if (found !== undefined) return found;
    const n = this.providers.length;
    let of = new Int32Array(n);
    let count = n === 0 ? 0 : 1;
    const alone = new Int32Array(n);
    for (const i of apart) alone[i] = i + 1;
    for (const column of [this.column("\u0000username"), this.column("\u0000path"), ...keys.map((k) => this.column(k)), ...(apart.length > 0 ? [alone] : [])]) {
      const next = new Map<number, number>();
      const out = new Int32Array(n);
      for (let i = 0; i < n; i++) {
        const pair = of[i]! * (n + 1) + column[i]!;
        let c = next.get(pair);
        if (c === undefined) next.set(pair, (c = next.size));
        out[i] = c;
      }
      of = out;
      count = next.size;
    }
    found = { of, count };
    if (id.length > KEY_MAX) return found;
    if (this.classings.size >= ENTRIES_MAX) this.classings.clear();
    this.classings.set(id, found);
    return found;
  }

  /** Each provider's value of `key` (or its user name, its path) as a number: equal values, equal numbers. */
  private column(key: string): Int32Array {
    let column = this.columns.get(key);
    if (column === undefined) {
      const ids = new Map<string | undefined, number>();
      column = new Int32Array(this.providers.length);
      for (let i = 0; i < this.providers.length; i++) {
        const p = this.providers[i]!;
        const v = key === "\u0000username" ? p.username : key === "\u0000path" ? p.path : key === PORT ? String(p.port) : rawParam(p, key);
        let id = ids.get(v);
        if (id === undefined) ids.set(v, (id = ids.size));
        column[i] = id;
      }
      if (this.columns.size >= ENTRIES_MAX) this.columns.clear();
      this.columns.set(key, column);
    }
    return column;
  }

  /** The entry filed under `key`, made by `make` when there is none. */
  entry<T>(key: string, make: () => T): T {
    if (this.entries.has(key)) return this.entries.get(key) as T;
    const made = make();
    this.file(key, made);
    return made;
  }

  /** The entry filed under `key`, if any (its caller knows its type). */
  filed<T>(key: string): T | undefined {
    return this.entries.get(key) as T | undefined;
  }

  /** Files `value` under `key`. */
  file(key: string, value: unknown): void {
    if (key.length > KEY_MAX) return;
    if (this.entries.size >= ENTRIES_MAX && !this.entries.has(key)) this.entries.clear();
    this.entries.set(key, value);
  }
}
