import { type ChainStep, type ChainView, PREVIEW_LIST_MAX, type RoutePreviewBody } from "@/lib/api/routing/route-preview";
import type { JudgedRoute } from "@/lib/routing/evaluate/judged-route";
import type { Route, RouteTarget } from "@/lib/api/routing/routes";
import type { RoutingContext } from "@/lib/routing/evaluate/routing-context";
import { explainChain, type PreparedChain, prepareChain } from "@/lib/routing/evaluate/route-chain";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import type { ThenTables } from "@/lib/routing/evaluate/then-tables";

/**
 * The chains of condition routes a preview runs (lib/routing/evaluate/route-chain.ts, as a consumer's
 * router chain runs them): the service's saved routes that Dubbo loads, without the draft
 * and with it, and the chain view of the request's consumer in the API's shape.
 */

/** A route of a preview's chains: a saved one, or the draft. */
export interface PlannedRoute {
  /** The saved route's id; null for the draft. */
  readonly id: string | null;
  readonly name: string;
  readonly rule: string;
  readonly priority: number;
  readonly force: boolean;
  readonly draft: boolean;
}

/** Which routes each chain runs, in the order given to the chain (saved routes as listed, the draft last). */
export interface ChainPlan {
  /** The saved routes a consumer runs: enabled, and loaded by Dubbo 2.7. */
  readonly before: readonly PlannedRoute[];
  /** The same with the draft in place of the route it edits (or added), unless the draft is disabled. */
  readonly after: readonly PlannedRoute[];
  /** Saved routes not run, and why. */
  readonly left: ChainView["left"];
  /**
   * The same for the config-center copy (what Dubbo 3.0.5+ consumers obey): the enabled
   * saved routes whose condition is in their service's config-center rule, without the
   * draft and with it (when it is enabled and its targets hold `config-center`). Conditions
   * written there by hand, with no route of their own, are not among them.
   */
  readonly copyBefore: readonly PlannedRoute[];
  readonly copyAfter: readonly PlannedRoute[];
}

/**
 * The chains of `saved` with and without the draft of `body`. Equal priorities keep the
 * order given (Dubbo defines none): saved routes as the route store lists them, the draft last.
 * A note is added when the route the draft edits is not among `saved` any more.
 */
/** The saved routes a consumer runs, per copy: the registry routes Dubbo 2.7 loads (enabled and loaded) and the enabled routes with a config-center copy, in the store's order. */
export function savedChains(saved: readonly Route[]): { readonly registry: PlannedRoute[]; readonly configCenter: PlannedRoute[] } {
  const planned = (r: Route): PlannedRoute => ({ id: r.id, name: r.name, rule: r.rule, priority: r.priority, force: r.force, draft: false });
  return {
    registry: saved.filter((r) => r.enabled && r.origin.loaded).map(planned),
    configCenter: saved.filter((r) => r.enabled && r.configCenter === "present").map(planned),
  };
}

export function planChains(saved: readonly Route[], body: Pick<RoutePreviewBody, "id" | "rule" | "priority" | "force" | "enabled" | "targets">, notes: string[]): ChainPlan {
  const left: { id: string; name: string; why: string }[] = [];
  const before: PlannedRoute[] = [];
  for (const r of saved) {
    const why = !r.enabled ? "disabled" : !r.origin.loaded ? (r.origin.reason ?? "Dubbo 2.7 does not load it") : null;
    if (r.id === body.id) left.push({ id: r.id, name: r.name, why: `the draft replaces it${why === null ? "" : ` (as saved: ${why})`}` });
    else if (why !== null) left.push({ id: r.id, name: r.name, why });
    if (why === null) before.push({ id: r.id, name: r.name, rule: r.rule, priority: r.priority, force: r.force, draft: false });
  }
  if (body.id !== undefined && !saved.some((r) => r.id === body.id)) {
    notes.push(`Route ${body.id} is not among the service's routes any more (edited or deleted since it was read): the draft is previewed as a new route.`);
  }
  const others = before.filter((r) => r.id !== body.id);
  const draft: PlannedRoute = { id: null, name: "this draft", rule: body.rule, priority: body.priority, force: body.force, draft: true };
  const copyBefore = saved.filter((r) => r.enabled && r.configCenter === "present").map((r): PlannedRoute => ({ id: r.id, name: r.name, rule: r.rule, priority: r.priority, force: r.force, draft: false }));
  const copyOthers = copyBefore.filter((r) => r.id !== body.id);
  const copied = body.enabled && draftTargets(saved, body).includes("config-center");
  return { before, after: body.enabled ? [...others, draft] : others, left, copyBefore, copyAfter: copied ? [...copyOthers, draft] : copyOthers };
}

/** The copies the draft is saved to: its `targets`, else those of the route it edits (PUT keeps them), else the registry's alone. */
export function draftTargets(saved: readonly Route[], body: Pick<RoutePreviewBody, "id" | "targets">): readonly RouteTarget[] {
  return body.targets ?? saved.find((r) => r.id === body.id)?.targets ?? ["registry"];
}

/** Whether two plans run the same routes in the same order. */
export function samePlan(a: readonly PlannedRoute[], b: readonly PlannedRoute[]): boolean {
  return a.length === b.length && a.every((r, i) => r.id === b[i]!.id && r.rule === b[i]!.rule && r.force === b[i]!.force && r.priority === b[i]!.priority);
}

/** `routes` parsed and ordered for a consumer of `semantics` (a rule it rejects is left out of the run, as Dubbo does). */
export function preparePlanned(routes: readonly PlannedRoute[], semantics: DubboRelease): PreparedChain {
  return prepareChain(
    routes.map((r) => ({ rule: r.rule, force: r.force, priority: r.priority, name: r.name })),
    semantics,
  );
}

/** The chain view of the consumer of `ctx`: every route of `routes` (prepared as `chain`) with what it did, and the end result. */
export function chainView(routes: readonly PlannedRoute[], chain: PreparedChain, ctx: RoutingContext, tables: ThenTables, left: ChainView["left"]): ChainView {
  const run = explainChain(chain, ctx, tables);
  const steps = run.steps.map((step): ChainStep => {
    const r = routes[step.index]!;
    const base = { id: r.id, name: r.name, rule: r.rule, priority: r.priority, force: r.force, draft: r.draft, input: step.input.length };
    const answer = step.route;
    if (answer === undefined) {
      const why =
        step.status === "invalid" ? `Dubbo skips this route: ${step.error?.message ?? "its rule does not parse"}` : "not run: no provider is left, and Dubbo 3 stops the chain there";
      return { ...base, skipped: why, outcome: null, summary: why, whenMatched: false, output: step.input.length, dropped: [] };
    }
    return { ...base, skipped: null, outcome: answer.outcome, summary: answer.summary, whenMatched: answer.whenMatched, output: answer.kept.length, dropped: droppedBy(answer) };
  });
  return { steps, result: run.result.slice(0, PREVIEW_LIST_MAX), resultCount: run.result.length, left };
}

/** The first {@link PREVIEW_LIST_MAX} providers a step dropped, with the reason. */
function droppedBy(answer: JudgedRoute): ChainStep["dropped"] {
  const dropped: ChainStep["dropped"] = [];
  const { input, kept } = answer;
  // `kept` is an ordered part of `input`: walk both.
  for (let k = 0, j = 0; k < input.length && dropped.length < PREVIEW_LIST_MAX; k++) {
    if (j < kept.length && kept[j] === input[k]) j++;
    else dropped.push({ url: answer.decision(k).url, reason: answer.decision(k).reason });
  }
  return dropped;
}
