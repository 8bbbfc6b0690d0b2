import type { Consumer } from "@/lib/api/catalog-entities";
import type { TagConditionStep } from "@/lib/api/tag-route-preview";
import { obeyedCopies, type RuleCopy } from "@/lib/dubbo/rules/rule-copies";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { isConsoleError } from "@/lib/errors";
import type { ConditionRule } from "@/lib/routing/parse/condition-rule";
import { consumerSight, type ConsumerSight, routeSeen } from "@/lib/routing/evaluate/consumer-sight";
import { prepareChain, type PreparedRoute } from "@/lib/routing/evaluate/route-chain";
import { type RoutingContext, routingContext } from "@/lib/routing/evaluate/routing-context";
import { RuleSyntaxError } from "@/lib/routing/parse/rule-syntax-error";
import type { ThenTables } from "@/lib/routing/evaluate/then-tables";
import { registryProviders } from "../preview-providers";
import type { PlannedRoute } from "../route-chain-answer";

/**
 * A consumer's router chain around its tag router: the service's saved condition routes,
 * in each copy the consumer's release obeys (lib/dubbo/rules/rule-copies.ts), placed where
 * Java runs them (docs/tag-routing.md §6):
 * - **2.7** (`RouterChain`, every router sorted by priority, stable, the built-in routers
 *   listed first): a registry route (`condition://`, its URL's `priority`, default 0) runs
 *   before the tag router (100) when its priority is below 100, else after it; the
 *   config-center copy is ServiceRouter's, at 140 (a registry route of priority 140 or more
 *   runs after it). An empty result flows on through the rest.
 * - **3.x**: the tag state router (order 100) runs first; then the config-center copy
 *   (ServiceStateRouter, 140); the registry copy, which only 3.0.0–3.0.4 obey, as legacy
 *   routers after every state router. Once a router returns no provider the chain stops
 *   (`should-fail-fast`, the default).
 * Condition routes are judged as the route preview judges them (lib/routing/evaluate): the
 * registry copy with ConditionRouter's 2.7 semantics, the config-center copy with the
 * consumer's own, for a call whose method and arguments are not known (a route that reads
 * them is judged as Java judges a call without them).
 *
 * All positions here are positions in the tag router's provider list (tag-providers.ts).
 */

/** The saved condition routes of a service that Dubbo loads, by copy. */
export interface TagChainRoutes {
  /** Enabled registry routes a 2.7 consumer loads, as the route store lists them. */
  readonly registry: readonly PlannedRoute[];
  /** Enabled routes whose condition is in the service's config-center rule. */
  readonly configCenter: readonly PlannedRoute[];
}

/** The priority of the tag router and of the config-center service router (2.7 `TagRouter`, `ServiceRouter`). */
const TAG_PRIORITY = 100;
const SERVICE_ROUTER_PRIORITY = 140;

/** One condition route of a consumer's chain, parsed for the semantics it is judged with. */
interface Step {
  readonly name: string;
  readonly copy: RuleCopy;
  readonly priority: number;
  readonly at: "before-tag" | "after-tag";
  readonly semantics: DubboRelease;
  readonly route: PreparedRoute;
  /** Tag position → position in `tables` (-1: not parsed there). */
  readonly toTable: Int32Array;
  /** Position in `tables` → tag position (-1: none). */
  readonly fromTable: Int32Array;
  /** The two lists are the same providers in the same positions (every URL read by both): no mapping. */
  readonly identity: boolean;
  readonly tables: ThenTables;
}

/** The chain one kind of consumer (its tag semantics and the copies it obeys) runs on one service. */
export interface ConsumerChain {
  readonly steps: readonly Step[];
}

/** What a consumer is to its chain: its sight of each route, and a key shared by consumers alike. */
export interface ChainSight {
  readonly key: string;
  readonly sights: readonly (ConsumerSight | null)[];
}

/** The answer of a chain with the tag router in it. */
export interface ChainRun {
  /** Tag positions the consumer ends with. */
  readonly kept: readonly number[];
  readonly steps: readonly TagConditionStep[];
}

/**
 * The chains of one service, made on first ask per tag semantics and copies: `urls` is the
 * catalog's provider array, `tagOrigin[i]` the position in it of tag provider i.
 */
export class ServiceTagChains {
  private readonly made = new Map<string, ConsumerChain>();
  private readonly ids = new Map<object, number>();

  constructor(
    private readonly urls: readonly string[],
    private readonly routes: TagChainRoutes,
    private readonly notes: string[],
  ) {}

  /** Whether any consumer could have a condition step: without saved routes the chain is the tag router alone. */
  get empty(): boolean {
    return this.routes.registry.length === 0 && this.routes.configCenter.length === 0;
  }

  /** The chain of a consumer of `release` (its tag router's `semantics`), on tag providers whose origins are `tagOrigin`. */
  chainOf(release: string, semantics: DubboRelease, tagOrigin: readonly number[]): ConsumerChain {
    const copies = obeyedCopies(release).copies;
    const key = `${semantics} ${copies.join(",")}`;
    let chain = this.made.get(key);
    if (chain === undefined) this.made.set(key, (chain = this.build(semantics, copies, tagOrigin)));
    return chain;
  }

  /** The consumer's sight of each route of `chain` (null: it could not be judged, said in `notes`). */
  sightOf(chain: ConsumerChain, consumer: Consumer): ChainSight | null {
    if (chain.steps.length === 0) return { key: "", sights: [] };
    const contexts = new Map<DubboRelease, RoutingContext>();
    const sights: (ConsumerSight | null)[] = [];
    const parts: string[] = [];
    for (const step of chain.steps) {
      let ctx = contexts.get(step.semantics);
      if (ctx === undefined) {
        try {
          ctx = routingContext(step.semantics, consumer.url, undefined);
        } catch (e) {
          if (!isConsoleError(e)) throw e;
          this.notes.push(`${consumer.address}: a Dubbo ${step.semantics} consumer could not read its URL (${e.message}): its condition routes are left out`);
          return null;
        }
        contexts.set(step.semantics, ctx);
      }
      const rule = step.route.rule;
      if (rule === null || rule instanceof RuleSyntaxError) {
        sights.push(null);
        parts.push("-");
        continue;
      }
      const sight = consumerSight(rule, step.route.force, ctx, step.tables);
      sights.push(sight);
      parts.push(`${sight.whenMatched ? 1 : 0}${sight.table === null ? "-" : this.id(sight.table)}${sight.logFails ? 1 : 0}`);
    }
    return { key: parts.join(" "), sights };
  }

  private build(semantics: DubboRelease, copies: readonly RuleCopy[], tagOrigin: readonly number[]): ConsumerChain {
    const steps: Step[] = [];
    const add = (copy: RuleCopy, list: readonly PlannedRoute[], conditionSemantics: DubboRelease) => {
      if (list.length === 0) return;
      const set = registryProviders(this.urls, conditionSemantics);
      const { toTable, fromTable, identity } = positionMaps(this.urls, set.urls, tagOrigin);
      const prepared = prepareChain(
        list.map((r) => ({ rule: r.rule, force: r.force, priority: r.priority, name: r.name })),
        conditionSemantics,
      );
      for (const route of prepared.routes) {
        const priority = copy === "config-center" ? SERVICE_ROUTER_PRIORITY : route.priority;
        const at = semantics === "2.7" && copy === "registry" && priority < TAG_PRIORITY ? "before-tag" : "after-tag";
        steps.push({ name: route.name ?? list[route.index]!.name, copy, priority, at, semantics: conditionSemantics, route, toTable, fromTable, identity, tables: set.tables });
      }
    };
    if (copies.includes("registry")) add("registry", this.routes.registry, "2.7");
    if (copies.includes("config-center")) add("config-center", this.routes.configCenter, semantics);
    // 2.7: one stable sort by priority, the config-center copy (a built-in router) ahead of registry routes of its priority; 3.x: state routers, then legacy ones.
    const rank = (s: Step) => (semantics === "2.7" ? [s.at === "before-tag" ? 0 : 1, s.priority, s.copy === "config-center" ? 0 : 1] : [s.copy === "config-center" ? 0 : 1, s.priority, 0]);
    const order = steps.map((s, i) => ({ s, i, r: rank(s) }));
    order.sort((a, b) => a.r[0]! - b.r[0]! || a.r[1]! - b.r[1]! || a.r[2]! - b.r[2]! || a.i - b.i);
    return { steps: order.map((o) => o.s) };
  }

  /** A number per then table: consumers that get the same table share a key. */
  private id(o: object): number {
    let id = this.ids.get(o);
    if (id === undefined) this.ids.set(o, (id = this.ids.size));
    return id;
  }
}

/** What the routes before the tag router leave a consumer (its providers, and their steps): the same for every request tag, before and after a draft. */
interface Prefix {
  readonly current: readonly number[] | null;
  readonly views: readonly TagConditionStep[];
}
const prefixes = new WeakMap<ConsumerChain, Map<string, Prefix>>();

/**
 * Runs `chain` for a consumer seen as `sight` on the tag providers `0..count-1`, with
 * `tag` as the tag router (it gets tag positions, null for all, and answers tag
 * positions). The routes before the tag router are run once per chain and sight.
 */
export function runTagChain(chain: ConsumerChain, sight: ChainSight, count: number, semantics: DubboRelease, tag: (input: readonly number[] | null) => readonly number[]): ChainRun {
  let byKey = prefixes.get(chain);
  if (byKey === undefined) prefixes.set(chain, (byKey = new Map()));
  let prefix = byKey.get(sight.key);
  if (prefix === undefined) {
    const views: TagConditionStep[] = [];
    let current: readonly number[] | null = null;
    chain.steps.forEach((step, k) => {
      if (step.at === "before-tag") current = runStep(step, sight.sights[k] ?? null, current, count, false, views);
    });
    byKey.set(sight.key, (prefix = { current, views }));
  }
  const views = [...prefix.views];
  // Dubbo 3 stops at an empty result; its chain has nothing before the tag router, so the tag router always runs.
  const tagKept = tag(prefix.current);
  let current: readonly number[] | null = tagKept;
  let stopped = semantics === "3.x" && tagKept.length === 0;
  chain.steps.forEach((step, k) => {
    if (step.at !== "after-tag") return;
    current = runStep(step, sight.sights[k] ?? null, current, count, stopped, views);
    if (semantics === "3.x" && current !== null && current.length === 0) stopped = true;
  });
  return { kept: current ?? allPositions(count), steps: views };
}

/** One condition route of the chain on `current` (null: every provider); its view is pushed to `views`. */
function runStep(step: Step, sight: ConsumerSight | null, current: readonly number[] | null, count: number, stopped: boolean, views: TagConditionStep[]): readonly number[] | null {
  const input = current === null ? count : current.length;
  const view = { name: step.name, copy: step.copy, priority: step.priority, at: step.at, input };
  const rule = step.route.rule;
  if (rule instanceof RuleSyntaxError) {
    views.push({ ...view, output: input, outcome: "invalid" });
    return current;
  }
  if (stopped) {
    views.push({ ...view, output: 0, outcome: "skipped" });
    return current;
  }
  if (rule === null || sight === null) {
    views.push({ ...view, output: input, outcome: "disabled" });
    return current;
  }
  if (step.identity) {
    const routed = routeSeen(rule as ConditionRule, step.route.force, sight, current ?? step.tables.all);
    views.push({ ...view, output: routed.result.length, outcome: routed.outcome });
    return routed.result;
  }
  const routed = routeSeen(rule as ConditionRule, step.route.force, sight, toTablePositions(current, count, step.toTable));
  const next: number[] = [];
  for (const p of routed.result) {
    const t = step.fromTable[p]!;
    if (t >= 0) next.push(t);
  }
  views.push({ ...view, output: next.length, outcome: routed.outcome });
  return next;
}

function allPositions(count: number): number[] {
  const all = new Array<number>(count);
  for (let i = 0; i < count; i++) all[i] = i;
  return all;
}

function toTablePositions(current: readonly number[] | null, count: number, toTable: Int32Array): number[] {
  const out: number[] = [];
  const list = current ?? allPositions(count);
  for (const t of list) {
    const p = toTable[t]!;
    if (p >= 0) out.push(p);
  }
  return out;
}

/**
 * Maps between tag positions and a table's positions, through positions in `urls`: the
 * table's `parsed` list and the tag providers are both `urls` less the ones left out, in order.
 */
function positionMaps(urls: readonly string[], parsed: readonly string[], tagOrigin: readonly number[]): { toTable: Int32Array; fromTable: Int32Array; identity: boolean } {
  const tableOfOrigin = new Int32Array(urls.length).fill(-1);
  for (let i = 0, j = 0; i < urls.length && j < parsed.length; i++) {
    if (urls[i] === parsed[j]) tableOfOrigin[i] = j++;
  }
  const toTable = new Int32Array(tagOrigin.length);
  const fromTable = new Int32Array(parsed.length).fill(-1);
  let identity = tagOrigin.length === parsed.length;
  tagOrigin.forEach((origin, t) => {
    const p = tableOfOrigin[origin]!;
    toTable[t] = p;
    if (p >= 0) fromTable[p] = t;
    if (p !== t) identity = false;
  });
  return { toTable, fromTable, identity };
}
