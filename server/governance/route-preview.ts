import type { Consumer } from "@/lib/api/catalog-entities";
import { PREVIEW_VIEWS, type RoutePreviewBody, type RoutePreviewResponse } from "@/lib/api/route-preview";
import type { Route, RoutesQuery } from "@/lib/api/routes";
import { serviceKey } from "@/lib/dubbo/service-key";
import { isConsoleError, NotFoundError } from "@/lib/errors";
import { applyConditionRule, type ParsedProvider, parseProviders, routingContext } from "@/lib/routing/condition-route";
import { type ConditionRule, parseConditionRule } from "@/lib/routing/condition-rule";
import { parseJavaUrl } from "@/lib/routing/route-url";
import type { RouteSemantics } from "@/lib/routing/route-semantics";
import { type ChainRoute, runChain } from "./route-chain-view";
import { routeImpact } from "./route-impact";

/** What the preview reads of the console's state: the catalog's service and the route store's list (the engine has both). */
export interface PreviewSources {
  readonly catalog: { service(key: string): Promise<{ readonly providers: readonly { readonly url: string }[]; readonly consumers: readonly Consumer[] }> };
  readonly routes: { list(query: RoutesQuery): { readonly routes: readonly Route[] } };
}

/** What the registry said about the service; null parts could not be read (see `notes`). */
interface RegistryFacts {
  providers: readonly string[] | null;
  consumers: readonly Consumer[] | null;
  routes: readonly Route[] | null;
  notes: string[];
}

/**
 * POST /api/v1/routes/preview: the draft on the request's consumer (issue 7's answer, with
 * each reason's facts), the same under the other semantics, the whole chain of the
 * service's routes for that consumer, and the draft's impact on every registered consumer.
 *
 * @throws RuleSyntaxError (400 invalid_rule) for a rule Java rejects, whether enabled or not.
 * @throws UrlSyntaxError (400) for a consumer or listed provider the consumer cannot parse.
 * @throws NotFoundError when no provider is listed and the registry has no such service.
 * @throws RegistryUnavailableError when no provider is listed and no registry can be read.
 */
export async function previewRoute(body: RoutePreviewBody, sources: PreviewSources): Promise<RoutePreviewResponse> {
  const draft = parseConditionRule(body.rule, body.semantics);
  const views = new Set(body.include ?? PREVIEW_VIEWS);
  const facts = await registryFacts(body, sources, views.has("chain") || views.has("impact"));
  const ctx = routingContext(body.semantics, body.consumer, body.invocation);
  const providers = body.providers
    ? parseProviders(body.providers, body.semantics)
    : parseKnown(facts.providers ?? [], body.semantics, facts.notes);
  const own = applyConditionRule(body.enabled ? draft : null, body.force, ctx, providers);
  const chains = facts.routes === null ? null : chainsOf(facts.routes, body, draft, facts.notes);
  return {
    whenMatched: own.whenMatched,
    result: own.result,
    providers: own.providers,
    semantics: body.semantics,
    outcome: own.outcome,
    summary: own.summary,
    when: own.when,
    otherSemantics: views.has("other-semantics") ? otherSemantics(body, providers.map((p) => p.url), own.result) : null,
    providersFrom: body.providers ? "request" : "registry",
    chain: chains && views.has("chain") ? { ...runChain(chains.after, ctx, providers, true), left: chains.left } : null,
    impact: chains && facts.consumers && views.has("impact") ? routeImpact(facts.consumers, chains, body.semantics, body.invocation, providers) : null,
    notes: facts.notes,
  };
}

/**
 * Reads the service's providers, consumers and saved routes. With `providers` in the
 * request the preview does not need the registry: a service it does not know, or a
 * registry it cannot read, leaves the chain and impact out and says so.
 */
async function registryFacts(body: RoutePreviewBody, sources: PreviewSources, wantViews: boolean): Promise<RegistryFacts> {
  const key = serviceKey({ interface: body.service, group: body.group, version: body.version });
  const facts: RegistryFacts = { providers: null, consumers: null, routes: null, notes: [] };
  if (!body.providers || wantViews) {
    try {
      const service = await sources.catalog.service(key);
      facts.providers = service.providers.map((p) => p.url);
      facts.consumers = service.consumers;
    } catch (e) {
      if (!isConsoleError(e) || body.providers === undefined) throw notFoundInWords(e, key);
      if (e.code === "not_found") facts.consumers = [];
      facts.notes.push(e.code === "not_found" ? `${key} is not registered: no registered consumer to show the impact on.` : `The registry could not be read (${e.message}): no chain or impact view.`);
    }
  }
  if (wantViews && facts.consumers !== null) {
    try {
      facts.routes = sources.routes.list({ service: body.service, group: body.group, version: body.version }).routes;
    } catch (e) {
      if (!isConsoleError(e)) throw e;
      facts.notes.push(`The saved routes could not be read (${e.message}): no chain or impact view.`);
    }
  }
  return facts;
}

function notFoundInWords(e: unknown, key: string): unknown {
  if (!isConsoleError(e) || e.code !== "not_found") return e;
  return new NotFoundError(`no service ${JSON.stringify(key)} is registered in any registry, so there are no providers to preview; list them in "providers" to preview against your own`, { key });
}

/** The registry's providers as the consumer parses them; one it cannot parse is left out, and said. */
function parseKnown(urls: readonly string[], semantics: RouteSemantics, notes: string[]): ParsedProvider[] {
  const parsed: ParsedProvider[] = [];
  for (const url of urls) {
    try {
      parsed.push({ url, parsed: parseJavaUrl(url, semantics) });
    } catch (e) {
      if (!isConsoleError(e)) throw e;
      notes.push(`Left out a registered provider a Dubbo ${semantics} consumer cannot parse: ${e.message}`);
    }
  }
  return parsed;
}

/** The chains without the draft (`before`) and with it (`after`), and the saved routes the draft's chain leaves out. */
function chainsOf(saved: readonly Route[], body: RoutePreviewBody, draft: ConditionRule, notes: string[]) {
  const left: { id: string; name: string; why: string }[] = [];
  const before: ChainRoute[] = [];
  for (const r of saved) {
    const why = !r.enabled ? "disabled" : !r.origin.loaded ? (r.origin.reason ?? "Dubbo 2.7 does not load it") : null;
    if (r.id === body.id) left.push({ id: r.id, name: r.name, why: `the draft replaces it${why === null ? "" : ` (as saved: ${why})`}` });
    else if (why !== null) left.push({ id: r.id, name: r.name, why });
    if (why === null) before.push({ id: r.id, name: r.name, rule: r.rule, priority: r.priority, force: r.force, draft: false, parsed: parsedOrProblem(r.rule, body.semantics) });
  }
  if (body.id !== undefined && !saved.some((r) => r.id === body.id)) {
    notes.push(`Route ${body.id} is not among the service's routes any more (edited or deleted since it was read): the draft is previewed as a new route.`);
  }
  const others = before.filter((r) => r.id !== body.id);
  const drafted: ChainRoute = { id: null, name: "this draft", rule: body.rule, priority: body.priority, force: body.force, draft: true, parsed: draft };
  return { before: byPriority(before), after: byPriority(body.enabled ? [...others, drafted] : others), left };
}

function parsedOrProblem(rule: string, semantics: RouteSemantics): ChainRoute["parsed"] {
  try {
    return parseConditionRule(rule, semantics);
  } catch (e) {
    if (!isConsoleError(e)) throw e;
    return { problem: e.message };
  }
}

/** Lower priority first; equal priorities keep their order (Dubbo does not define one; saved routes come sorted by name, the draft last). */
function byPriority(routes: ChainRoute[]): ChainRoute[] {
  return routes.map((r, i) => ({ r, i })).sort((a, b) => a.r.priority - b.r.priority || a.i - b.i).map(({ r }) => r);
}

/** The draft under the other semantics, for the request's consumer and providers. */
function otherSemantics(body: RoutePreviewBody, providers: readonly string[], result: readonly string[]): RoutePreviewResponse["otherSemantics"] {
  const semantics: RouteSemantics = body.semantics === "2.7" ? "3.x" : "2.7";
  try {
    const rule = body.enabled ? parseConditionRule(body.rule, semantics) : null;
    const other = applyConditionRule(rule, body.force, routingContext(semantics, body.consumer, body.invocation), parseProviders(providers, semantics));
    const differs = other.result.length !== result.length || other.result.some((u, i) => u !== result[i]);
    return { semantics, whenMatched: other.whenMatched, result: other.result, summary: other.summary, differs, problem: null };
  } catch (e) {
    if (!isConsoleError(e)) throw e;
    return { semantics, whenMatched: false, result: [], summary: "", differs: true, problem: e.message };
  }
}
