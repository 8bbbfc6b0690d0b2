import type { DubboRelease } from "../dubbo/dubbo-release";
import { stringMatches } from "../override/condition-match";
import { AddressSet, AddressUnion } from "./address-set";
import { type TagParamMatch, type TagRule, TagRuleError } from "./tag-rule";

/**
 * The tag router of each release, step for step: 2.7.23 `TagRouter.route` and 3.3
 * `TagStateRouter.doRoute` (docs/tag-routing.md §4–5), with each answer saying which path
 * it took so the preview can explain it.
 */

/** `dubbo.tag`: the request's tag (attachment, else the consumer URL), a provider's static tag. */
export const TAG_KEY = "dubbo.tag";
/** `dubbo.force.tag`: no fallback to untagged providers (attachment, else the router's consumer URL). */
export const FORCE_TAG_KEY = "dubbo.force.tag";

/** A provider as the tag router reads its invoker URL. */
export interface TagProvider {
  /** `url.getHost()`. */
  readonly host: string | null;
  readonly port: number;
  /** `url.getParameter("dubbo.tag")`: the provider's static tag. */
  readonly tag: string | null;
  /** `url.getAddress()`: what 3.3 adds to a tag for a provider its `match` selects. */
  readonly address: string | null;
  /** 3.3 `url.getOriginalParameter(key)`, which `match` reads. */
  original(key: string | null): string | null;
  /**
   * The host's `getHostAddress()` when it is a valid IPv4 host for NetUtils (not loopback,
   * not 0.0.0.0), else null; undefined when not worked out yet (AddressSet does it then).
   */
  readonly v4?: string | null;
}

/** The request side: the call's attachments and the consumer URL's parameters. */
export interface TagRequest {
  /** The attachment `dubbo.tag` (null: none). */
  readonly tagAttachment: string | null;
  readonly forceAttachment: string | null;
  /** The consumer URL's `dubbo.tag` and `dubbo.force.tag`. */
  readonly consumerTag: string | null;
  readonly consumerForce: string | null;
}

/** A rule after `init`: the tag → addresses map the route reads. */
export interface LoadedTagRule {
  readonly rule: TagRule;
  /** null: 2.7's map field was set null by the YAML (the route then throws on a tagged request). */
  readonly tagAddresses: ReadonlyMap<string | null, readonly (string | null)[]> | null;
  /** Tags whose addresses came from `match` (3.3), by name. */
  readonly matched: ReadonlySet<string | null>;
}

const isEmpty = (s: string | null | undefined): boolean => s === null || s === undefined || s.length === 0;

/**
 * `init` of the release: 2.7 `TagRouterRule.init()` (in parse), 3.3 `init(router)` over the
 * providers the router holds. Throws TagRuleError where Java's init throws (the rule is then
 * refused and the previous one kept).
 */
export function loadTagRule(rule: TagRule, providers: readonly TagProvider[]): LoadedTagRule {
  const matched = new Set<string | null>();
  if (rule.release === "2.7") {
    const injected = rule.injectedTagAddresses;
    const map = injected === null ? null : new Map<string | null, readonly (string | null)[]>();
    if (injected) for (const [k, v] of injected) map!.set(k, v as (string | null)[]);
    if (rule.valid) {
      for (const tag of rule.tags!) {
        if (tag.addresses === null || tag.addresses.length === 0) continue;
        if (map === null || rule.addressToTagnamesNull) throw new TagRuleError("a field the rule set to a non-map is null in init (Java: NullPointerException)");
        map.set(tag.name, tag.addresses);
      }
    }
    return { rule, tagAddresses: map, matched };
  }
  const map = new Map<string | null, readonly (string | null)[]>();
  if (!rule.valid) return { rule, tagAddresses: map, matched };
  for (const tag of rule.tags!) if (tag.addresses !== null && tag.addresses.length > 0) map.set(tag.name, [...new Set(tag.addresses)]);
  if (rule.configVersion !== null && rule.configVersion.startsWith("v3.0") && providers.length > 0) {
    for (const tag of rule.tags!) {
      if (tag.addresses !== null && tag.addresses.length > 0) continue;
      const matchers = tag.match;
      if (matchers === null) throw new TagRuleError(`tag ${JSON.stringify(tag.name)} has neither addresses nor match (Java: NullPointerException in init)`);
      const addresses = matchedAddresses(providers, matchers);
      if (addresses.length > 0) {
        map.set(tag.name, addresses);
        matched.add(tag.name);
      }
    }
  }
  return { rule, tagAddresses: map, matched };
}

const matchMemo = new WeakMap<readonly TagProvider[], Map<string, readonly (string | null)[]>>();
const MATCH_MEMO_MAX = 256;

/**
 * The addresses of the providers every matcher accepts (3.3 `init`: `getOriginalParameter`
 * of each matcher's key, AND over them), kept per provider list and matchers: the same
 * array for the same `match`, so its compiled set is reused by every rule that has it.
 */
function matchedAddresses(providers: readonly TagProvider[], matchers: readonly TagParamMatch[]): readonly (string | null)[] {
  let byMatch = matchMemo.get(providers);
  if (byMatch === undefined) {
    byMatch = new Map();
    matchMemo.set(providers, byMatch);
  }
  const key = JSON.stringify(matchers);
  let found = byMatch.get(key);
  if (found === undefined) {
    const addresses = new Set<string | null>();
    for (const p of providers) if (matchers.every((m) => m.value !== null && stringMatches(m.value, p.original(m.key) ?? undefined))) addresses.add(p.address);
    found = [...addresses];
    if (byMatch.size >= MATCH_MEMO_MAX) byMatch.delete(byMatch.keys().next().value!);
    byMatch.set(key, found);
  }
  return found;
}

/** Which way the router went. */
export type TagRoutePath =
  /** No rule, or it is invalid or disabled: static tags only. */
  | "static"
  /** The request's tag is in the rule with addresses: the providers those addresses name. */
  | "dynamic"
  /** The tag is not in the rule (or has no addresses): providers with that static tag. */
  | "static-in-rule"
  /** Nothing matched and neither force applies: providers in no address of the rule and without a static tag. */
  | "failover"
  /** A request without a tag under a rule: providers in no address of the rule (2.7: whose static tag the rule does not name; 3.3: without one). */
  | "untagged"
  /** The call fails in Java before any provider is chosen. */
  | "thrown";

export interface TagRouteResult {
  /** Positions of the providers kept, in input order. */
  readonly kept: readonly number[];
  readonly path: TagRoutePath;
  /** The request tag the router used (attachment, else the consumer's `dubbo.tag`). */
  readonly tag: string | null;
  readonly forceUseTag: boolean;
  /** The rule's tag the request landed on (3.3: maybe a shorter level of `a|b|c`). */
  readonly ruleTag?: string | null;
  /** The first fallback taken (static untagged, or failover), for the explanation. */
  readonly fellBack: boolean;
  /** Address entries Java would resolve by DNS (skipped here as Java skips a failed lookup). */
  readonly dnsEntries: readonly string[];
  /** Java's exception when the path is `thrown`. */
  readonly thrown?: string;
}

/** The request's tag (the same in both releases) and whether `dubbo.force.tag` holds, as `release` reads it. */
export function requestTag(release: DubboRelease, request: TagRequest): { tag: string | null; force: boolean } {
  const tag = isEmpty(request.tagAttachment) ? request.consumerTag : request.tagAttachment;
  // 2.7.23 RpcInvocation.getAttachment(key, default): null, not the default, for a key the
  // (always present) attachment map lacks, so the consumer URL's force counts only behind an
  // empty attachment; 3.3 answers the default for a missing or empty one.
  const attached = request.forceAttachment;
  const fallback = isEmpty(request.consumerForce) ? "false" : request.consumerForce!;
  const forceText = release === "2.7" ? (attached === null ? "false" : attached === "" ? fallback : attached) : isEmpty(attached) ? fallback : attached!;
  return { tag: isEmpty(tag) ? null : tag, force: forceText.toLowerCase() === "true" };
}

/**
 * Routes `providers` for `request` under `loaded` (null: no rule held). `input`: the positions
 * of the providers the router receives (what earlier routers of the chain left; all when
 * left out); the answer's positions are of `providers` too. Address sets are matched once per
 * `providers` list, whatever the input.
 */
export function routeByTag(release: DubboRelease, loaded: LoadedTagRule | null, providers: readonly TagProvider[], request: TagRequest, input?: readonly number[]): TagRouteResult {
  const { tag, force } = requestTag(release, request);
  const dns = new Set<string>();
  const all = input ?? providers.map((_, i) => i);
  const done = (kept: readonly number[], path: TagRoutePath, extra: Partial<TagRouteResult> = {}): TagRouteResult => ({ kept, path, tag, forceUseTag: force, fellBack: false, dnsEntries: [...dns], ...extra });
  if (all.length === 0) return done([], loaded === null || !loaded.rule.valid || !loaded.rule.enabled ? "static" : tag !== null ? "dynamic" : "untagged");
  const staticTag = (i: number) => providers[i]!.tag;
  const filter = (from: readonly number[], keep: (i: number) => boolean) => from.filter(keep);

  const rule = loaded?.rule;
  if (loaded === null || !rule!.valid || !rule!.enabled) {
    if (tag !== null) {
      const tagged = filter(all, (i) => staticTag(i) === tag);
      if (tagged.length === 0 && !force) return done(filter(all, (i) => isEmpty(staticTag(i))), "static", { fellBack: true });
      return done(tagged, "static");
    }
    return done(filter(all, (i) => isEmpty(staticTag(i))), "static");
  }
  const ruleAddresses = (): AddressUnion => everyAddress(release, loaded);
  if (tag !== null) {
    if (loaded.tagAddresses === null) return done([], "thrown", { thrown: "java.lang.NullPointerException" });
    let ruleTag: string | null = tag;
    let addresses: readonly (string | null)[] | undefined;
    if (release === "2.7") {
      const a = loaded.tagAddresses.get(tag);
      addresses = a !== undefined && a !== null && a.length > 0 ? a : undefined;
    } else {
      const level = selectByTagLevel(loaded.tagAddresses, tag, force);
      addresses = level?.addresses;
      ruleTag = level?.name ?? null;
    }
    let result: readonly number[];
    let path: TagRoutePath;
    if (addresses !== undefined) {
      const set = addressSet(addresses);
      const named = set.membership(providers);
      result = filter(all, (i) => named[i] === 1);
      for (const e of set.dns) dns.add(e);
      if (result.length > 0 || rule!.force) return done(result, "dynamic", { ruleTag });
      path = "dynamic";
    } else {
      result = filter(all, (i) => staticTag(i) === tag);
      path = "static-in-rule";
    }
    if (result.length > 0 || force) return done(result, path, addresses !== undefined ? { ruleTag } : {});
    const every = ruleAddresses();
    const everyNamed = every.membership(providers);
    for (const e of every.dns) dns.add(e);
    return done(
      filter(all, (i) => everyNamed[i] === 0 && isEmpty(staticTag(i))),
      "failover",
      { fellBack: true, ...(addresses !== undefined ? { ruleTag } : {}) },
    );
  }
  const every = ruleAddresses();
  let result: readonly number[] = all;
  if (every.size > 0) {
    const everyNamed = every.membership(providers);
    result = filter(all, (i) => everyNamed[i] === 0);
    for (const e of every.dns) dns.add(e);
    if (result.length === 0) return done(result, "untagged");
  }
  if (release === "2.7") {
    const names = new Set(rule!.tags!.map((t) => t.name));
    return done(filter(result, (i) => isEmpty(staticTag(i)) || !names.has(staticTag(i))), "untagged");
  }
  return done(filter(result, (i) => isEmpty(staticTag(i))), "untagged");
}

/** 3.3 `selectAddressByTagLevel`: exact when forced or no `|`; else the longest `a|b…` prefix with addresses. */
function selectByTagLevel(map: ReadonlyMap<string | null, readonly (string | null)[]>, tag: string, force: boolean): { name: string; addresses: readonly (string | null)[] } | null {
  if (force || !tag.includes("|")) {
    const a = map.get(tag);
    return a === undefined ? null : { name: tag, addresses: a };
  }
  const parts = tag.split("|");
  for (let i = parts.length; i > 0; i--) {
    const name = parts.slice(0, i).join("|");
    const a = map.get(name);
    if (a !== undefined && a.length > 0) return { name, addresses: a };
  }
  return null;
}

const sets = new WeakMap<readonly (string | null)[], AddressSet>();
const everySets = new WeakMap<LoadedTagRule, AddressUnion>();

/** The compiled `checkAddressMatch` of one address list (kept while the list is). */
export function addressSet(addresses: readonly (string | null)[]): AddressSet {
  let set = sets.get(addresses);
  if (set === undefined) {
    set = new AddressSet(addresses);
    sets.set(addresses, set);
  }
  return set;
}

/**
 * `getAddresses()`: every address of the rule, which a request without a tag, and the
 * failover, stay away from. 2.7 walks the tag list (a duplicate name's losing addresses
 * count); 3.3 takes the map's values (`match`-derived addresses count). Built of each list's
 * compiled set, so lists kept across drafts are compiled once.
 */
export function everyAddress(release: DubboRelease, loaded: LoadedTagRule): AddressUnion {
  let set = everySets.get(loaded);
  if (set === undefined) {
    const lists = release === "2.7" ? loaded.rule.tags!.flatMap((t) => (t.addresses !== null && t.addresses.length > 0 ? [t.addresses] : [])) : [...loaded.tagAddresses!.values()];
    set = new AddressUnion(lists.map(addressSet));
    everySets.set(loaded, set);
  }
  return set;
}
