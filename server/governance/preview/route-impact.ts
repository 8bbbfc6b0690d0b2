import type { Consumer } from "@/lib/api/catalog-entities";
import { type ConsumerImpact, IMPACT_NAMES_MAX, type ImpactView, PREVIEW_LIST_MAX } from "@/lib/api/routing/route-preview";
import { providerAddress } from "@/lib/dubbo/provider-address";
import { consumerRelease, obeyedCopies, type ObeyedCopies, type RuleCopy } from "@/lib/dubbo/rules/rule-copies";
import { isConsoleError } from "@/lib/errors";
import type { RouteInvocation } from "@/lib/routing/evaluate/condition-value";
import type { FleetChain } from "@/lib/routing/evaluate/route-chain";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { routerClassName } from "@/lib/routing/route-semantics";
import { type ProviderIndexes, routingContext } from "@/lib/routing/evaluate/routing-context";
import type { ThenTables } from "@/lib/routing/evaluate/then-tables";

/** The chains of one semantics, ready for every consumer: the saved routes alone, and with the draft in place. */
export interface ImpactChains {
  readonly before: FleetChain;
  readonly after: FleetChain;
  /** The diff of a consumer's answers from the two (see {@link impactDiffer}). */
  readonly diff: (before: ProviderIndexes, after: ProviderIndexes) => ImpactDiff;
}

/** How one consumer is judged, and in words. */
interface Judgement {
  readonly basis: ConsumerImpact["basis"];
  /** The copy it is judged through; null when it is not judged. */
  readonly copy: RuleCopy | null;
  readonly semantics: DubboRelease | null;
  readonly routing: string;
}

/** What the impact view needs of the request: the semantics for a consumer of unknown release, the call, and whether the save reaches the config-center copy. */
export interface ImpactRequest {
  readonly semantics: DubboRelease;
  readonly invocation?: RouteInvocation;
  /** Whether the save writes or changes the config-center copy (its targets hold it, or it takes out the copy of the route it edits). */
  readonly copyChanges: boolean;
}

/**
 * What the draft changes for every registered consumer of the service, each judged by the
 * copy its Dubbo release obeys (lib/dubbo/rules/rule-copies.ts) among the copies being saved:
 * - a release that obeys the registry copy (2.x to 3.0.4): through the chain of saved
 *   registry routes, and through it with the draft (in place of the route it edits), with
 *   the semantics of its router (2.7's ConditionRouter);
 * - one that obeys only the config-center copy (3.0.5+): through the routes whose
 *   condition is in the config-center rule, with and without the draft, with 3.x semantics;
 *   when the save neither writes nor changes that copy it is not judged (`ignores-registry`);
 * - one the console does not know: the registry chain with the request's semantics.
 * The same invocation for all (none: routing at notify time). `chainsFor` gives the chains
 * of a copy and semantics (made once each).
 */
export function routeImpact(consumers: readonly Consumer[], request: ImpactRequest, chainsFor: (copy: RuleCopy, semantics: DubboRelease) => ImpactChains): ImpactView {
  const rows = consumers.map((c) => consumerImpact(c, request, chainsFor));
  return { total: rows.length, changed: rows.filter((r) => r.changed).length, ignoring: rows.filter((r) => r.basis === "ignores-registry").length, consumers: rows };
}

/** How a consumer of `obeyed` applies routes, given the request's semantics for one of unknown release. */
function judgement(obeyed: ObeyedCopies, request: ImpactRequest): Judgement {
  const dubbo = `Dubbo ${obeyed.release}`;
  const s = request.semantics;
  if (obeyed.line === "unknown") {
    const why = obeyed.release.trim() === "" ? "its URL states no Dubbo release" : `${JSON.stringify(obeyed.release)} is not a Dubbo release this console knows`;
    return { basis: "unknown-release", copy: "registry", semantics: s, routing: `${why}: judged by the registry copy with the request's ${s} semantics, ${routerClassName(s)}` };
  }
  if (obeyed.registrySemantics === null) {
    if (!request.copyChanges) return { basis: "ignores-registry", copy: null, semantics: null, routing: `${dubbo} obeys only the config-center copy, which this save does not write: unaffected` };
    return { basis: "config-center", copy: "config-center", semantics: "3.x", routing: `${dubbo} obeys only the config-center copy: judged with 3.x semantics, ${routerClassName("3.x")}, through the conditions of the service's config-center rule` };
  }
  const r = obeyed.registrySemantics;
  const closest = obeyed.line === "3.0.0" ? ", the closest the console has to its 3.0 ConditionRouter" : "";
  return { basis: "release", copy: "registry", semantics: r, routing: `${dubbo} runs registry routes with ConditionRouter: judged with ${r} semantics, ${routerClassName(r)}${closest}` };
}

function consumerImpact(c: Consumer, request: ImpactRequest, chainsFor: (copy: RuleCopy, semantics: DubboRelease) => ImpactChains): ConsumerImpact {
  const release = consumerRelease(c.parameters);
  const { copy, ...judged } = judgement(obeyedCopies(release), request);
  const row = { url: c.url, application: c.application, host: c.host, release, ...judged };
  const unjudged = { before: null, after: null, ...UNCHANGED };
  if (judged.semantics === null || copy === null) return { ...row, ...unjudged, problem: null };
  let ctx;
  try {
    ctx = routingContext(judged.semantics, c.url, request.invocation);
  } catch (e) {
    if (!isConsoleError(e)) throw e;
    return { ...row, ...unjudged, problem: `a Dubbo ${judged.semantics} consumer could not read this URL: ${e.message}` };
  }
  const chains = chainsFor(copy, judged.semantics);
  const before = chains.before.route(ctx);
  const after = chains.after.route(ctx);
  return { ...row, before: before.length, after: after.length, ...chains.diff(before, after), problem: null };
}

/** What changed between a consumer's providers without the draft and with it. */
export interface ImpactDiff {
  readonly changed: boolean;
  /** Distinct URLs, in the order of the list they are in: the first PREVIEW_LIST_MAX, and how many in all. */
  readonly gained: string[];
  readonly lost: string[];
  /** The addresses of the first IMPACT_NAMES_MAX of each. */
  readonly gainedNames: string[];
  readonly lostNames: string[];
  readonly gainedCount: number;
  readonly lostCount: number;
}

/**
 * The diff of `before` and `after`, positions in `providers`' list, by URL: a provider
 * listed twice is one URL. Consumers alike share their chains' answers (FleetChain), so a
 * diff is made once per pair of answers.
 */
export function impactDiffer(tables: ThenTables): (before: ProviderIndexes, after: ProviderIndexes) => ImpactDiff {
  const made = new Map<ProviderIndexes, Map<ProviderIndexes, ImpactDiff>>();
  return (before, after) => {
    let byAfter = made.get(before);
    if (byAfter === undefined) made.set(before, (byAfter = new Map()));
    let diff = byAfter.get(after);
    if (diff === undefined) byAfter.set(after, (diff = diffOf(before, after, tables)));
    return diff;
  };
}

function diffOf(before: ProviderIndexes, after: ProviderIndexes, tables: ThenTables): ImpactDiff {
  // A provider listed twice is one URL: compare by each URL's first position.
  const first = firstPositions(tables);
  const changed = before.length !== after.length || before.some((i, k) => first[i] !== first[after[k]!]);
  if (!changed) return UNCHANGED;
  const gained = missingFrom(after, before, first);
  const lost = missingFrom(before, after, first);
  const urls = (list: readonly number[]) => list.slice(0, PREVIEW_LIST_MAX).map((i) => tables.providers[i]!.url);
  const names = (list: readonly number[]) => list.slice(0, IMPACT_NAMES_MAX).map((i) => providerAddress(tables.providers[i]!.url));
  return { changed, gained: urls(gained), lost: urls(lost), gainedNames: names(gained), lostNames: names(lost), gainedCount: gained.length, lostCount: lost.length };
}

const UNCHANGED: ImpactDiff = Object.freeze({ changed: false, gained: [], lost: [], gainedNames: [], lostNames: [], gainedCount: 0, lostCount: 0 });

/** The first position of each URL of `list` that `other` does not hold, in `list`'s order, by first positions. */
function missingFrom(list: ProviderIndexes, other: ProviderIndexes, first: Int32Array): number[] {
  const seen = new Uint8Array(first.length);
  for (const i of other) seen[first[i]!] = 1;
  const missing: number[] = [];
  for (const i of list) {
    const f = first[i]!;
    if (seen[f] === 0) {
      seen[f] = 1;
      missing.push(f);
    }
  }
  return missing;
}

const firsts = new WeakMap<ThenTables, Int32Array>();

/** Per position of the tables' list, the first position holding the same URL. */
function firstPositions(tables: ThenTables): Int32Array {
  let first = firsts.get(tables);
  if (first === undefined) {
    const at = new Map<string, number>();
    first = Int32Array.from(tables.providers, (p, i) => {
      const seen = at.get(p.url);
      if (seen !== undefined) return seen;
      at.set(p.url, i);
      return i;
    });
    firsts.set(tables, first);
  }
  return first;
}
