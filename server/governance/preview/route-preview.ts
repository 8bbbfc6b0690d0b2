import type { Consumer } from "@/lib/api/catalog-entities";
import { PREVIEW_LIST_MAX, PREVIEW_VIEWS, type RoutePreviewBody, type RoutePreviewResponse } from "@/lib/api/routing/route-preview";
import type { Route, RoutesQuery } from "@/lib/api/routing/routes";
import { serviceKey } from "@/lib/dubbo/service-key";
import { isConsoleError } from "@/lib/errors";
import { NotFoundError } from "@/server/errors/request-errors";
import { NOT_EVALUATED } from "@/lib/routing/evaluate/condition-match";
import { explainRoute } from "@/lib/routing/evaluate/condition-route";
import { routeIndexes } from "@/lib/routing/evaluate/consumer-sight";
import { type ConditionRule, parseConditionRule } from "@/lib/routing/parse/condition-rule";
import { routeSummary } from "@/lib/routing/explain/route-reason";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { isJavaBlank } from "@/lib/routing/parse/java-text";
import { routingContext } from "@/lib/routing/evaluate/routing-context";
import { BLANK_RULE_MESSAGE, RuleSyntaxError } from "@/lib/routing/parse/rule-syntax-error";
import { matchWhen } from "@/lib/routing/evaluate/when-side";
import { previewProviderFields, withListsCut } from "./preview-page";
import { listedProviders, type ProviderSet, registryProviders } from "./preview-providers";
import { impactChains } from "./impact-chains";
import { type ChainPlan, chainView, draftTargets, planChains, preparePlanned, samePlan } from "./route-chain-answer";
import { type ImpactRequest, routeImpact } from "./route-impact";

/** What the preview reads of the console's state: the catalog's routing view of a service and the route store's list (the engine has both). */
export interface PreviewSources {
  readonly catalog: { routing(key: string): { readonly providers: readonly string[]; readonly consumers: readonly Consumer[] } };
  readonly routes: { list(query: RoutesQuery): { readonly routes: readonly Route[] } };
}

/** What the registry said about the service; null parts could not be read (see `notes`). */
interface RegistryFacts {
  /** The catalog's array itself: previews of the service share its parsed providers and judged routes until it changes. */
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
 * Fast on a large service: the registry's providers are parsed once per state of the
 * service, and every route's then side is judged once per provider list and per kind of
 * consumer (preview-providers.ts); the draft is judged once for the answer and the chain.
 *
 * @throws RuleSyntaxError (400 invalid_rule) for a rule Java rejects, whether enabled or not, and for a blank rule (never saved).
 * @throws UrlSyntaxError (400) for a consumer or listed provider the consumer cannot parse.
 * @throws NotFoundError when no provider is listed and the registry has no such service.
 * @throws RegistryUnavailableError when no provider is listed and no registry can be read.
 */
export function previewRoute(body: RoutePreviewBody, sources: PreviewSources): RoutePreviewResponse {
  // The save refuses a blank rule (lib/api/routing/routes.ts), though Dubbo 2.7 reads an empty `rule=` as a rule of its own.
  if (isJavaBlank(body.rule)) throw new RuleSyntaxError(BLANK_RULE_MESSAGE, 0);
  const draft = parseConditionRule(body.rule, body.semantics);
  const views = new Set(body.include ?? PREVIEW_VIEWS);
  const facts = registryFacts(body, sources, views.has("chain") || views.has("impact"));
  const set = body.providers ? listedProviders(body.providers, body.semantics) : registryProviders(facts.providers ?? [], body.semantics);
  const notes = [...facts.notes, ...set.notes];
  const ctx = routingContext(body.semantics, body.consumer, body.invocation);
  const own = explainRoute(body.enabled ? draft : null, body.force, ctx, set.tables, set.tables.all);
  const plan = facts.routes === null ? null : planChains(facts.routes, body, notes);
  return withListsCut({
    whenMatched: own.whenMatched,
    ...previewProviderFields(own, body),
    semantics: body.semantics,
    outcome: own.outcome,
    summary: own.summary,
    when: own.when,
    otherSemantics: views.has("other-semantics") ? otherSemantics(body, set, own.result) : null,
    providersFrom: body.providers ? "request" : "registry",
    chain: plan && views.has("chain") ? chainView(plan.after, preparePlanned(plan.after, body.semantics), ctx, set.tables, plan.left) : null,
    impact: plan && facts.consumers && views.has("impact") ? routeImpact(facts.consumers, impactRequest(body, plan, facts.routes ?? []), impactChains(plan, body.semantics, set, notes)) : null,
    notes,
  }, body);
}

/**
 * Reads the service's providers, consumers and saved routes. With `providers` in the
 * request the preview does not need the registry: a service it does not know, or a
 * registry it cannot read, leaves the chain and impact out and says so.
 */
function registryFacts(body: RoutePreviewBody, sources: PreviewSources, wantViews: boolean): RegistryFacts {
  const key = serviceKey({ interface: body.service, group: body.group, version: body.version });
  const facts: RegistryFacts = { providers: null, consumers: null, routes: null, notes: [] };
  if (!body.providers || wantViews) {
    try {
      const service = sources.catalog.routing(key);
      facts.providers = service.providers;
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

/** What the impact view needs of the request: whether the save writes or changes the config-center copy. */
export function impactRequest(body: Pick<RoutePreviewBody, "semantics" | "invocation" | "id" | "targets">, plan: ChainPlan, saved: readonly Route[]): ImpactRequest {
  const copyChanges = draftTargets(saved, body).includes("config-center") || !samePlan(plan.copyBefore, plan.copyAfter);
  return { semantics: body.semantics, invocation: body.invocation, copyChanges };
}

/**
 * The draft under the other semantics, for the request's consumer and providers: which
 * providers it returns, and its outcome in words (the then side judged without explaining).
 */
function otherSemantics(body: RoutePreviewBody, own: ProviderSet, result: readonly string[]): RoutePreviewResponse["otherSemantics"] {
  const semantics: DubboRelease = body.semantics === "2.7" ? "3.x" : "2.7";
  try {
    const rule: ConditionRule | null = body.enabled ? parseConditionRule(body.rule, semantics) : null;
    const ctx = routingContext(semantics, body.consumer, body.invocation);
    const { tables } = listedProviders(own.urls, semantics);
    const routed = routeIndexes(rule, body.force, ctx, tables, tables.all);
    const other = routed.result.map((i) => tables.providers[i]!.url);
    const when = rule === null ? NOT_EVALUATED : matchWhen(rule.when, ctx);
    const summary = routeSummary(routed.outcome, when, other.length, tables.all.length, rule, body.force);
    const differs = other.length !== result.length || other.some((u, i) => u !== result[i]);
    return { semantics, whenMatched: rule === null || when.matched, result: other.slice(0, PREVIEW_LIST_MAX), resultCount: other.length, summary, differs, problem: null };
  } catch (e) {
    if (!isConsoleError(e)) throw e;
    return { semantics, whenMatched: false, result: [], resultCount: 0, summary: "", differs: true, problem: e.message };
  }
}
