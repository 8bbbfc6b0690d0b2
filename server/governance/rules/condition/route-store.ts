import type { ChangeEvent } from "@/lib/api/events";
import type { AuditEntry } from "@/lib/api/audit";
import type { Actor } from "@/lib/auth/actor";
import { PRESET_ROLES } from "@/lib/auth/roles";
import { CONDITION_ROUTE } from "@/lib/rules/rule-kinds";
import type { CreateRouteBody, DeletedRoute, Route, RouteChanges, RoutesQuery, RoutesResponse, RouteTarget } from "@/lib/api/routing/routes";
import type { ConditionCheck } from "@/lib/dubbo/rules/condition-router-yaml";
import { parseRuleNodeName } from "@/lib/dubbo/rules/config-rule-key";
import { parseRouteNode, type RouteReading, rewrittenNodeName, type RouteSpec, routeNodeName } from "@/lib/dubbo/rules/route-url";
import { javaUrlEncode } from "@/lib/dubbo/url";
import { ConflictError, RegistryUnavailableError } from "@/server/errors/governance-errors";
import { NotFoundError } from "@/server/errors/request-errors";
import { ValidationError } from "@/lib/errors";
import type { Registry } from "../../../registry/registry";
import type { RegistryEntry } from "../../../registry/registry-view";
import { ensurePersistentPath, type MultiOp, readVersioned } from "../../../registry/zk/zk-writes";
import { routeChangeDraft } from "../../audit/route-audit";
import type { ConfigCenterRules } from "./config-center-rules";
import { copyKey, type CopyChange, type CopyEnd, type CopyPlan, editableConditions, planCopy } from "./route-copy";
import { fingerprintRouteId, parseRouteId, type RouteRef, revisionOf } from "./route-id";
import { ambiguous, idAmong, lookup, type RouteNodeInfo, routeNodes } from "./route-lookup";
import type { RouteDraft } from "./route-stranding";
import { compareRoutes, type RoutersDir, routeOf, routersDirPath, serviceOfDir, withCopyPresent } from "./route-model";
import { commitPlanned, definedOnly, duplicate, gone, type PlanAudit, replacementOps, sameName, sharesCopy } from "../route-store-support";

/**
 * Checks a rule before it is saved; throws a typed error (a ConsoleError such as the rule
 * engine's RuleSyntaxError, with the `offset` of the fault) for a rule Dubbo would refuse.
 */
export type RuleValidator = (rule: string) => void;

/** What the store reads of a registry's config center: its rules as last read, and their changes (ConfigCenterRules). */
export type ConfigCenterView = Pick<ConfigCenterRules, "get" | "onChange">;

export interface RouteStoreOptions {
  /** The check of every rule saved (Dubbo 2.7's parser, which reads the routers category). */
  readonly validateRule: RuleValidator;
  /** The further check of a rule that also goes to the config center (Dubbo 3.x's parser). */
  readonly validateCopyRule: RuleValidator;
  /** How the conditions of a config-center rule are checked as Dubbo 3.x reads them. */
  readonly checkCondition: ConditionCheck;
  /** Each registry's config center, in the order of the registries; a registry without one lists no copies. */
  readonly configCenters: readonly ConfigCenterView[];
  /** Where each change is recorded (in the same multi when on the same ZooKeeper), and the log for a record that failed; none: not recorded. */
  readonly audit?: PlanAudit;
  /**
   * Refuses a write that leaves registered consumers with no provider, unless `allow`
   * (route-stranding.ts; throws StrandsConsumersError). Run before each create, edit,
   * enable, disable and restore; none: no check.
   */
  readonly guard?: (draft: RouteDraft, allow: boolean) => void;
  /**
   * The audit trail's key of the route an old id (a fingerprint id from before stable ids)
   * named, when no node has it any more (AuditLog.keyOfRouteId); none: such an id names nothing.
   */
  readonly formerKey?: (id: string) => string | undefined;
}

/** A route found by its id (RouteStore.get): `alias` when the id is an old one of a route that now has another (`route.id`). */
export interface FoundRoute {
  readonly route: Route;
  readonly alias: boolean;
}

/** Whether a write may strand consumers (the body's `allowStranding`). */
export interface WriteOptions {
  readonly allowStranding?: boolean;
}

/** Who a change is recorded as when the caller names nobody (the console itself, for a caller outside the HTTP API). */
export const CONSOLE_ACTOR: Actor = { name: "console", role: "admin", permissions: PRESET_ROLES.admin, via: "anonymous", address: "local" };

/**
 * Condition routes in the registry's `routers` category (lib/dubbo/rules/route-url.ts): listed
 * from the registries' in-memory views, written straight to ZooKeeper.
 *
 * - Every write is one ZooKeeper multi: an edit removes the old node and creates the new
 *   one together, so no reader (a Dubbo consumer's watch) sees neither or both.
 * - Each multi also sets the routers directory's data to what it was, conditioned on the
 *   version read before planning (a compare-and-set): two console writes to one service's
 *   routes cannot both pass the duplicate-name check; the later one reads again and plans
 *   again. Dubbo watches only the children of the directory, never its data.
 * - A route is named by its id, stable across edits for a named route (route-id.ts says
 *   which have one; route-lookup.ts resolves ids, an old id included); an edit or delete
 *   names the revision it is based on (the node's fingerprint) apart: it must be the
 *   route's current one, or the answer is 409 `conflict` and nothing is written.
 * - With no connected session the answer is 503 `registry_unavailable` at once; a write
 *   starts with reads, so a silent server times out a read and nothing is sent to it.
 *
 * Which registry: a new route goes to the one named by `registry` (its source), else the
 * first configured; an existing route stays in the registry its id names.
 *
 * Config-center copies (`targets` with `config-center`; route-copy.ts says what a copy is):
 * - The config center of a registry is that registry's own ZooKeeper (engine.ts builds the
 *   config-center rules on the registry's session, and nothing configures another one), so
 *   the route node and its copy are written in the same multi: no reader, Dubbo consumer
 *   of either kind included, sees one without the other, and a refusal or a ZooKeeper that
 *   does not answer leaves both as they were. (No multi spans two ensembles: were a separate
 *   config center ever configured, the write would have to go to the registry first, then
 *   to the config center, and undo the first when the second fails.)
 * - The rule node's version as read is part of the multi; when it changed in between, the
 *   store reads and plans again, as for the directory.
 * - The route URL remembers the copy (`targets=registry,config-center`, lib/dubbo/rules/route-url.ts):
 *   an enabled route has its condition in the rule, a disabled one has it taken out (a
 *   rule-level `enabled` would switch off every condition of the service, and one condition
 *   cannot be disabled alone), and enabling puts it back in the same place it would take
 *   as a new condition, the end. A PUT without `targets` keeps the copy as it is; with
 *   `["registry"]` it takes the copy out; a delete takes it out too. A condition that
 *   another enabled route asking for a copy holds too (the same rule text, the same
 *   service, group and version) stays.
 */
export class RouteStore {
  private readonly listeners = new Set<(event: ChangeEvent) => void>();
  /** Routes already read, by the view's entry (the view never changes an entry, and each registry has its own). */
  private readonly read = new WeakMap<RegistryEntry, Route>();

  constructor(
    private readonly registries: readonly Registry[],
    private readonly options: RouteStoreOptions,
  ) {
    for (const r of registries) {
      r.view.onChange((change) => {
        if ((change.type === "category" && change.category === CONDITION_ROUTE.registry.category) || change.type === "service-removed") {
          this.emit({ type: "routes", service: serviceOfDir(change.service) });
        }
      });
    }
    // A service rule's change changes which of the service's routes have a copy.
    for (const center of options.configCenters) {
      center.onChange((path) => {
        const service = parseRuleNodeName(path.slice(path.lastIndexOf("/") + 1))?.service;
        if (service) this.emit({ type: "routes", service: service.interface });
      });
    }
  }

  /** Hears `routes` events: the routers category of a service changed in some registry. */
  onChange(listener: (event: ChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The routes of every usable registry matching `query`, from the in-memory views.
   * @throws RegistryUnavailableError when no registry has been read yet.
   * @throws ValidationError for a `registry` that is not configured.
   */
  list(query: RoutesQuery): RoutesResponse {
    const chosen = query.registry === undefined ? this.registries.map((r, index) => ({ r, index })) : [this.byName(query.registry)];
    const usable = chosen.filter(({ r }) => r.usable);
    if (usable.length === 0) {
      const why = chosen.map(({ r }) => `${r.address.source} is ${r.session.state.type}`).join("; ");
      throw new RegistryUnavailableError(`no registry has been read yet: ${why}`);
    }
    const routes: Route[] = [];
    for (const { r, index } of usable) {
      const dirs = query.service === undefined ? r.view.serviceNames : [javaUrlEncode(query.service)];
      for (const dir of dirs) {
        for (const route of this.viewRoutes(r, index, dir)) {
          if ((query.group === undefined || route.group === query.group) && (query.version === undefined || route.version === query.version)) {
            routes.push(this.hasCopy(index, route) ? withCopyPresent(route) : route);
          }
        }
      }
    }
    const now = Date.now();
    const stale = usable.flatMap(({ r }) => {
      const s = r.stale(now);
      return s ? [{ registry: r.address.source, ...s }] : [];
    });
    return { routes: routes.sort(compareRoutes), stale };
  }

  /**
   * Saves a new route as a persistent node under `/{root}/{interface}/routers`, creating the
   * directories that are missing.
   * @throws ConflictError when a route of the same name exists for the same service, group and version.
   */
  async create(body: CreateRouteBody, actor: Actor = CONSOLE_ACTOR): Promise<Route> {
    const { service, group, version, name, rule, priority, force, runtime, enabled } = body;
    const spec: RouteSpec = { service, group, version, name, rule, priority, force, runtime, enabled, configCenter: body.targets.includes("config-center") };
    this.validate(spec);
    this.options.guard?.({ ...spec, targets: body.targets }, body.allowStranding === true);
    const { r, index } = body.registry === undefined ? this.byIndex(0) : this.byName(body.registry);
    const at: RoutersDir = { index, registry: r.address.source, root: r.address.root, dir: javaUrlEncode(service) };
    const dirPath = routersDirPath(at);
    const node = routeNodeName(spec);
    await ensurePersistentPath(r.session, dirPath);
    let copy: CopyPlan = NO_COPY;
    let after: RouteNodeInfo[] = [];
    await commitPlanned(r.session, dirPath, async (children) => {
      const nodes = routeNodes(children, service);
      const clash = sameName(children, spec);
      if (clash) throw duplicate(spec, idIn(at, clash, nodes));
      copy = await this.planCopy(r, null, spec);
      after = [...nodes, { node, group, version, name }];
      return {
        ops: [{ type: "create", path: `${dirPath}/${node}` }],
        copyOps: copy.ops,
        audit: routeChangeDraft(actor, null, routeOf(at, node, copy.present, idIn(at, node, after))),
        refused: (reason) =>
          new ConflictError(reason === "node_exists" ? `an identical route already exists at ${dirPath}/${node}` : `${dirPath} was removed while saving; try again`),
      };
    }, this.options.audit);
    return routeOf(at, node, copy.present, idIn(at, node, after));
  }

  /**
   * Changes a route: one multi removes its node and creates the new one, and changes its
   * config-center copy (`targets` left out: kept as it is). What the console does not model
   * (a foreign route's protocol, compatible_config, other parameters) stays.
   * `revision`: the one the change is based on; undefined (enable and disable only): the
   * one an old id names, else none checked.
   * @throws ConflictError when `revision` is not the route's current one (it was edited or
   *   deleted since), or the change would clash with another route.
   */
  async replace(id: string, revision: string | undefined, changes: RouteChanges, targets?: readonly RouteTarget[], actor: Actor = CONSOLE_ACTOR, write: WriteOptions = {}): Promise<Route> {
    const ref = parseRouteId(id);
    if (changes.rule !== undefined) this.options.validateRule(changes.rule);
    const { r, at, dirPath } = this.locate(ref);
    let next = "";
    let copy: CopyPlan = NO_COPY;
    let after: RouteNodeInfo[] = [];
    await commitPlanned(r.session, dirPath, async (children) => {
      const { old, nodes } = this.current(id, ref, children, revision);
      const read = parseRouteNode(old, serviceOfDir(ref.dir));
      const had = read.spec.configCenter === true || (await this.copyPresent(r, read.spec));
      const spec: RouteSpec = { ...read.spec, ...definedOnly(changes), configCenter: targets === undefined ? had : targets.includes("config-center") };
      // A route others wrote may carry a rule Dubbo refuses: only a rule given, or one going to the config center, is checked.
      if (spec.configCenter) this.options.validateCopyRule(spec.rule);
      next = rewrittenNodeName(read.url, spec);
      const renamed = spec.name !== read.spec.name || spec.group !== read.spec.group || spec.version !== read.spec.version;
      const clash = renamed ? sameName(children.filter((c) => c !== old), spec) : undefined;
      if (clash) throw duplicate(spec, idIn(at, clash, nodes));
      if (next !== old && children.includes(next)) throw new ConflictError(`an identical route already exists: ${idIn(at, next, nodes)}`, { id: idIn(at, next, nodes) });
      this.guard(spec, idIn(at, old, nodes), write);
      copy = await this.planCopy(r, released(read, old, children), spec);
      after = [...nodes.filter((n) => n.node !== old), { node: next, group: spec.group, version: spec.version, name: spec.name }];
      if (next === old && copy.ops.length === 0) return null;
      return {
        ops: replacementOps(dirPath, old, next),
        copyOps: copy.ops,
        audit: routeChangeDraft(actor, this.shown(at, old, nodes), routeOf(at, next, copy.present, idIn(at, next, after))),
        refused: (reason) => (reason === "no_node" ? gone(id) : new ConflictError(`an identical route already exists at ${dirPath}/${next}`)),
      };
    }, this.options.audit);
    return routeOf(at, next, copy.present, idIn(at, next, after));
  }

  /** Enables or disables a route (an edit of `enabled`); `revision` left out: the one an old id names, else none checked (the result is the same whatever came between). */
  setEnabled(id: string, enabled: boolean, revision?: string, actor: Actor = CONSOLE_ACTOR, write: WriteOptions = {}): Promise<Route> {
    return this.replace(id, revision, { enabled }, undefined, actor, write);
  }

  /** Deletes a route. @throws ConflictError when `revision` is not the route's current one. */
  async remove(id: string, revision: string, actor: Actor = CONSOLE_ACTOR): Promise<DeletedRoute> {
    const ref = parseRouteId(id);
    const { r, at, dirPath } = this.locate(ref);
    let path = "";
    let shownId = id;
    await commitPlanned(r.session, dirPath, async (children) => {
      const { old, nodes } = this.current(id, ref, children, revision);
      path = `${dirPath}/${old}`;
      shownId = idIn(at, old, nodes);
      const copy = await this.planCopy(r, released(parseRouteNode(old, serviceOfDir(ref.dir)), old, children), null);
      return { ops: [{ type: "remove", path, version: -1 }], copyOps: copy.ops, audit: routeChangeDraft(actor, this.shown(at, old, nodes), null), refused: () => gone(id) };
    }, this.options.audit);
    return { deleted: true, id: shownId, node: path };
  }

  /**
   * The route `id` names, as the registry's view holds it now (an old id: the route it
   * named, `alias`); undefined when none (deleted, an old id's route edited since and not in
   * the audit trail, or not read yet).
   * @throws ValidationError for an id this API did not give out.
   * @throws ConflictError for a stable id whose name several routes share now.
   */
  lookup(id: string): FoundRoute | undefined {
    const ref = parseRouteId(id);
    const r = this.registries[ref.registry];
    if (!r) return undefined;
    const routes = this.viewRoutes(r, ref.registry, ref.dir);
    const found = lookup(ref, routes.map(nodeInfo), this.options.formerKey);
    if (found.type === "ambiguous") throw ambiguous(id, found.ids);
    if (found.type === "none") return undefined;
    const route = routes.find((x) => x.node.endsWith(`/${found.node.node}`))!;
    return { route: this.hasCopy(ref.registry, route) ? withCopyPresent(route) : route, alias: found.alias };
  }

  /** The route `id` names now (see lookup). */
  find(id: string): Route | undefined {
    return this.lookup(id)?.route;
  }

  /**
   * The route `id` names now, for GET /api/v1/routes/{id}.
   * @throws NotFoundError when no route has it (deleted, renamed, or its registry no longer configured).
   * @throws RegistryUnavailableError while its registry has not been read.
   */
  get(id: string): FoundRoute {
    const r = this.registries[parseRouteId(id).registry];
    if (r && !r.usable) throw new RegistryUnavailableError(`the route's registry has not been read yet: ${r.address.source} is ${r.session.state.type}`);
    const found = this.lookup(id);
    if (!found) throw new NotFoundError(`no route has id ${id} (deleted, or renamed: a name is part of the id); GET /api/v1/routes lists them`, { id });
    return found;
  }

  /**
   * Puts a route back as audit entry `entry` found it (its `before`): re-created when the
   * entry deleted it, deleted when the entry created it, else replaced by its old node;
   * recorded as `route.rollback`. Straightforward only: the route (by its group, version
   * and name) must still be as the entry left it (its `after`, or absent after a delete),
   * and the old name must be free; otherwise 409 `conflict` and nothing is written.
   * Answers the route as restored, or null when the rollback deleted it.
   */
  async restore(entry: Pick<AuditEntry, "id" | "before" | "after">, actor: Actor = CONSOLE_ACTOR, write: WriteOptions = {}): Promise<Route | null> {
    const before = entry.before as Route | null;
    const after = entry.after as Route | null;
    const { r, at, dirPath } = this.locate(parseRouteId((after ?? before)!.id));
    const expected = after === null ? null : nodeOf(after.node);
    const target = before === null ? null : nodeOf(before.node);
    const service = serviceOfDir(at.dir);
    if (target !== null) await ensurePersistentPath(r.session, dirPath);
    let result: Route | null = null;
    await commitPlanned(r.session, dirPath, async (children) => {
      const { name, group, version } = (after ?? before)!;
      const current = sameName(children, { service, name, group, version }) ?? null;
      if (current !== expected) {
        throw new ConflictError(`route ${JSON.stringify((after ?? before)!.name)} changed after audit entry ${entry.id} (it is ${current === null ? "deleted" : `now revision ${revisionOf(current)}`}): roll back the later entries first, or edit it by hand`, {
          auditId: entry.id,
          current: current === null ? null : `${dirPath}/${current}`,
        });
      }
      const targetSpec = target === null ? null : parseRouteNode(target, service).spec;
      const clash = targetSpec === null ? undefined : sameName(children.filter((c) => c !== current), targetSpec);
      if (clash) throw duplicate(targetSpec!, idIn(at, clash, routeNodes(children, service)));
      const nodes = routeNodes(children, service);
      const replaced = current === null ? undefined : idIn(at, current, nodes);
      if (targetSpec !== null) this.guard(targetSpec, replaced, write);
      else if (current !== null) this.guard({ ...parseRouteNode(current, service).spec, enabled: false }, replaced, write);
      const copy = await this.planCopy(r, current === null ? null : released(parseRouteNode(current, service), current, children), targetSpec);
      const ops: MultiOp[] = current === null ? [{ type: "create", path: `${dirPath}/${target}` }] : target === null ? [{ type: "remove", path: `${dirPath}/${current}`, version: -1 }] : replacementOps(dirPath, current, target);
      const left = [...nodes.filter((n) => n.node !== current), ...(targetSpec === null ? [] : [{ node: target!, group: targetSpec.group, version: targetSpec.version, name: targetSpec.name }])];
      result = target === null ? null : routeOf(at, target, copy.present, idIn(at, target, left));
      return {
        ops,
        copyOps: copy.ops,
        audit: routeChangeDraft(actor, current === null ? null : this.shown(at, current, nodes), result, entry.id),
        refused: () => new ConflictError(`route ${JSON.stringify((after ?? before)!.name)} changed while rolling back; reload it and try again`, { auditId: entry.id }),
      };
    }, this.options.audit);
    return result;
  }

  /** The route of node `node` (one of `nodes`) as the API shows it now (with its copy as the config center was last read). */
  private shown(at: RoutersDir, node: string, nodes: readonly RouteNodeInfo[]): Route {
    const route = routeOf(at, node, false, idIn(at, node, nodes));
    return this.hasCopy(at.index, route) ? withCopyPresent(route) : route;
  }

  /**
   * The node the write by `id` acts on among `children` (as just read), and the route
   * nodes among them; `revision` (or, when undefined, the one an old id names) must be its
   * current one.
   * @throws ConflictError when no route has the id (deleted, or edited since for an id that
   *   changes), several share it, or the revision is not the current one.
   */
  private current(id: string, ref: RouteRef, children: readonly string[], revision: string | undefined): { old: string; nodes: RouteNodeInfo[] } {
    const nodes = routeNodes(children, serviceOfDir(ref.dir));
    const found = lookup(ref, nodes, this.options.formerKey);
    if (found.type === "none") throw gone(id);
    if (found.type === "ambiguous") throw ambiguous(id, found.ids);
    const expected = revision ?? (ref.kind === "fingerprint" ? ref.revision : undefined);
    const actual = revisionOf(found.node.node);
    if (expected !== undefined && expected !== actual) {
      throw new ConflictError(`revision ${JSON.stringify(expected)} is not the current one of route ${found.id} (${actual}): the change was based on another state of it; reload the route`, {
        id: found.id,
        revision: actual,
      });
    }
    return { old: found.node.node, nodes };
  }

  /** The routes of directory `dir` of registry `r` (number `index`) in its view, each with its id. */
  private viewRoutes(r: Registry, index: number, dir: string): Route[] {
    const at: RoutersDir = { index, registry: r.address.source, root: r.address.root, dir };
    const routes = (r.view.service(dir)?.get(CONDITION_ROUTE.registry.category) ?? []).filter((e) => e.url.protocol !== "empty").map((e) => this.routeOfEntry(at, e));
    const nodes = routes.map(nodeInfo);
    return routes.map((route, i) => {
      const id = idAmong(index, dir, nodes[i]!, nodes);
      return id === route.id ? route : { ...route, id };
    });
  }

  /** Runs the stranding check of `spec` (the route as written) in the place of saved route `replaces`. */
  private guard(spec: RouteSpec, replaces: string | undefined, write: WriteOptions): void {
    const targets: RouteTarget[] = spec.configCenter ? ["registry", "config-center"] : ["registry"];
    this.options.guard?.({ ...spec, targets, replaces }, write.allowStranding === true);
  }

  /** Refuses a rule Dubbo would refuse: 2.7's parser for every route, 3.x's too for one with a config-center copy. */
  private validate(spec: RouteSpec): void {
    this.options.validateRule(spec.rule);
    if (spec.configCenter) this.options.validateCopyRule(spec.rule);
  }

  /**
   * Plans the config-center side of a write: `before` is the route's condition to take out
   * (null: none), `after` the route once written (null: deleted); its condition goes in when
   * it asks for a copy and is enabled.
   */
  private planCopy(r: Registry, before: CopyEnd | null, after: RouteSpec | null): Promise<CopyPlan> {
    const route = after === null ? null : { key: copyKey(after), condition: after.rule };
    const change: CopyChange = {
      before,
      after: after?.configCenter && after.enabled ? route : null,
      route,
      fields: after ?? { force: false, priority: 0, runtime: false },
    };
    const store = { read: (path: string) => readVersioned(r.session, path), ensureDirectory: (path: string) => ensurePersistentPath(r.session, path) };
    return planCopy(r.address.root, change, store, this.options.checkCondition);
  }

  /** Whether `spec`'s rule is a condition of its service's config-center rule, as ZooKeeper holds it now. */
  private async copyPresent(r: Registry, spec: RouteSpec): Promise<boolean> {
    return (await this.planCopy(r, null, { ...spec, configCenter: false })).present;
  }

  /** Whether the config center of registry `index`, as last read, holds `route`'s rule as a condition of its service rule. */
  private hasCopy(index: number, route: Route): boolean {
    const node = this.options.configCenters[index]?.get(copyKey(route));
    return node !== undefined && (editableConditions(node.read) ?? []).includes(route.rule);
  }

  private locate(ref: RouteRef): { r: Registry; at: RoutersDir; dirPath: string } {
    const { r, index } = this.byIndex(ref.registry);
    const at: RoutersDir = { index, registry: r.address.source, root: r.address.root, dir: ref.dir };
    return { r, at, dirPath: routersDirPath(at) };
  }

  private byIndex(index: number): { r: Registry; index: number } {
    const r = this.registries[index];
    if (!r) throw new ConflictError(`the route's registry (number ${index + 1}) is no longer configured; reload the routes`);
    return { r, index };
  }

  private byName(source: string): { r: Registry; index: number } {
    const index = this.registries.findIndex((r) => r.address.source === source);
    if (index < 0) {
      const message = `registry ${JSON.stringify(source)} is not configured; use one of ${this.registries.map((r) => JSON.stringify(r.address.source)).join(", ")} (GET /api/v1/registry)`;
      throw new ValidationError(message, [{ path: "registry", message }]);
    }
    return { r: this.registries[index]!, index };
  }

  private routeOfEntry(at: RoutersDir, entry: RegistryEntry): Route {
    let route = this.read.get(entry);
    if (!route) {
      route = routeOf(at, entry.node);
      this.read.set(entry, route);
    }
    return route;
  }

  private emit(event: ChangeEvent): void {
    for (const l of this.listeners) l(event);
  }
}

/** No config-center write, and no copy. */
const NO_COPY: CopyPlan = { ops: [], present: false };

/**
 * The condition a write takes out for the route `read` (node `old` among `children`): its
 * rule, unless another enabled route asking for a copy holds the same one.
 */
function released(read: RouteReading, old: string, children: readonly string[]): CopyEnd | null {
  return sharesCopy(children.filter((c) => c !== old), read.spec) ? null : { key: copyKey(read.spec), condition: read.spec.rule };
}

/** The id of node `node` (one of `nodes`) of directory `at`; its fingerprint id when it is not among them (not read as a URL). */
function idIn(at: RoutersDir, node: string, nodes: readonly RouteNodeInfo[]): string {
  const info = nodes.find((n) => n.node === node);
  return info ? idAmong(at.index, at.dir, info, nodes) : fingerprintRouteId(at.index, at.dir, node);
}

/** What a lookup needs of a route the API shows. */
function nodeInfo(route: Route): RouteNodeInfo {
  return { node: nodeOf(route.node), group: route.group, version: route.version, name: route.name };
}

/** A route node's name, from the `node` path the API shows (a name is URL-encoded, so it holds no slash). */
function nodeOf(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}
