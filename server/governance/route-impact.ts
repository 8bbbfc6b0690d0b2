import type { Consumer } from "@/lib/api/catalog-entities";
import type { ConsumerImpact, ImpactView } from "@/lib/api/route-preview";
import { type ParsedProvider, type RouteInvocation, routingContext } from "@/lib/routing/condition-route";
import type { RouteSemantics } from "@/lib/routing/route-semantics";
import { isConsoleError } from "@/lib/errors";
import { type ChainRoute, runChain } from "./route-chain-view";

/** The consumers' chains to compare: the saved routes alone, and with the draft in place. */
export interface ImpactChains {
  readonly before: readonly ChainRoute[];
  readonly after: readonly ChainRoute[];
}

/**
 * What the draft changes for every registered consumer of the service: each consumer's
 * providers through the chain of saved routes, and through the chain with the draft (in
 * place of the route it edits), for the same invocation (none: routing at notify time).
 */
export function routeImpact(
  consumers: readonly Consumer[],
  chains: ImpactChains,
  semantics: RouteSemantics,
  invocation: RouteInvocation | undefined,
  providers: readonly ParsedProvider[],
): ImpactView {
  const rows = consumers.map((c) => consumerImpact(c, chains, semantics, invocation, providers));
  return { total: rows.length, changed: rows.filter((r) => r.changed).length, consumers: rows };
}

function consumerImpact(c: Consumer, chains: ImpactChains, semantics: RouteSemantics, invocation: RouteInvocation | undefined, providers: readonly ParsedProvider[]): ConsumerImpact {
  const who = { url: c.url, application: c.application, host: c.host, release: c.release };
  let ctx;
  try {
    ctx = routingContext(semantics, c.url, invocation);
  } catch (e) {
    if (!isConsoleError(e)) throw e;
    return { ...who, before: 0, after: 0, changed: false, gained: [], lost: [], problem: `a Dubbo ${semantics} consumer could not read this URL: ${e.message}` };
  }
  const before = runChain(chains.before, ctx, providers, false).result;
  const after = runChain(chains.after, ctx, providers, false).result;
  const changed = before.length !== after.length || before.some((url, i) => url !== after[i]);
  return { ...who, before: before.length, after: after.length, changed, gained: missingFrom(after, before), lost: missingFrom(before, after), problem: null };
}

/** The distinct URLs of `list` that `other` does not hold, in `list`'s order. */
function missingFrom(list: readonly string[], other: readonly string[]): string[] {
  const held = new Set(other);
  return [...new Set(list.filter((url) => !held.has(url)))];
}
