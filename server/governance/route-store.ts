import type { ChangeEvent } from "@/lib/api/events";
import type { CreateRouteBody, DeletedRoute, Route, RouteChanges, RoutesQuery, RoutesResponse, RouteTarget } from "@/lib/api/routes";
import { parseRouteNode, rewrittenNodeName, type RouteSpec, routeNodeName } from "@/lib/dubbo/route-url";
import { javaUrlEncode } from "@/lib/dubbo/url";
import { ConflictError, type ConsoleError, isConsoleError, RegistryUnavailableError, ValidationError } from "@/lib/errors";
import type { Registry } from "../registry/registry";
import type { RegistryEntry } from "../registry/registry-view";
import { commitMulti, ensurePersistentPath, type MultiOp, type MultiOutcome, readVersioned } from "../registry/zk-writes";
import { parseRouteId, type RouteRef, revisionOf } from "./route-id";
import { compareRoutes, type RoutersDir, routeOf, routersDirPath, serviceOfDir } from "./route-model";

/**
 * Checks a rule before it is saved; throws a typed error (a ConsoleError such as the rule
 * engine's RuleSyntaxError, with the `offset` of the fault) for a rule Dubbo would refuse.
 */
export type RuleValidator = (rule: string) => void;

export interface RouteStoreOptions {
  readonly validateRule: RuleValidator;
}

/** One write planned against the routers directory as just read; null when there is nothing to write. */
type Plan = { readonly ops: MultiOp[]; readonly refused: (reason: Extract<MultiOutcome, { type: "refused" }>["reason"]) => ConsoleError } | null;

/** How often a write is tried again when another console write to the same routers directory came between. */
const MAX_ATTEMPTS = 5;

/**
 * Condition routes in the registry's `routers` category (lib/dubbo/route-url.ts): listed
 * from the registries' in-memory views, written straight to ZooKeeper.
 *
 * - Every write is one ZooKeeper multi: an edit removes the old node and creates the new
 *   one together, so no reader (a Dubbo consumer's watch) sees neither or both.
 * - Each multi also sets the routers directory's data to what it was, conditioned on the
 *   version read before planning (a compare-and-set): two console writes to one service's
 *   routes cannot both pass the duplicate-name check; the later one reads again and plans
 *   again. Dubbo watches only the children of the directory, never its data.
 * - An edit or delete names the revision it is based on (the node's fingerprint); a node
 *   with it must exist, or the answer is 409 `conflict` and nothing is written.
 * - With no connected session the answer is 503 `registry_unavailable` at once; a write
 *   starts with reads, so a silent server times out a read and nothing is sent to it.
 *
 * Which registry: a new route goes to the one named by `registry` (its source), else the
 * first configured; an existing route stays in the registry its id names.
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
        if ((change.type === "category" && change.category === "routers") || change.type === "service-removed") {
          this.emit({ type: "routes", service: serviceOfDir(change.service) });
        }
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
        for (const entry of r.view.service(dir)?.get("routers") ?? []) {
          if (entry.url.protocol === "empty") continue;
          const route = this.routeOfEntry({ index, registry: r.address.source, root: r.address.root, dir }, entry);
          if ((query.group === undefined || route.group === query.group) && (query.version === undefined || route.version === query.version)) routes.push(route);
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
  async create(body: CreateRouteBody): Promise<Route> {
    refuseUnbuiltTargets(body.targets);
    const { service, group, version, name, rule, priority, force, runtime, enabled } = body;
    const spec: RouteSpec = { service, group, version, name, rule, priority, force, runtime, enabled };
    this.options.validateRule(rule);
    const { r, index } = body.registry === undefined ? this.byIndex(0) : this.byName(body.registry);
    const at: RoutersDir = { index, registry: r.address.source, root: r.address.root, dir: javaUrlEncode(service) };
    const dirPath = routersDirPath(at);
    const node = routeNodeName(spec);
    await ensurePersistentPath(r.session, dirPath);
    await this.commitPlanned(r, dirPath, (children) => {
      const clash = sameName(children, spec);
      if (clash) throw duplicate(spec, routeOf(at, clash).id);
      return {
        ops: [{ type: "create", path: `${dirPath}/${node}` }],
        refused: (reason) =>
          new ConflictError(reason === "node_exists" ? `an identical route already exists at ${dirPath}/${node}` : `${dirPath} was removed while saving; try again`),
      };
    });
    return routeOf(at, node);
  }

  /**
   * Changes a route: one multi removes its node and creates the new one. What the console
   * does not model (a foreign route's protocol, compatible_config, other parameters) stays.
   * @throws ConflictError when `revision` is not the route's current one (it was edited or
   *   deleted since), or the change would clash with another route.
   */
  async replace(id: string, revision: string, changes: RouteChanges, targets?: readonly RouteTarget[]): Promise<Route> {
    refuseUnbuiltTargets(targets);
    const ref = this.refOf(id, revision);
    if (changes.rule !== undefined) this.options.validateRule(changes.rule);
    const { r, at, dirPath } = this.locate(ref);
    let next = "";
    await this.commitPlanned(r, dirPath, (children) => {
      const old = children.find((c) => revisionOf(c) === ref.revision);
      if (old === undefined) throw gone(id);
      const read = parseRouteNode(old, serviceOfDir(ref.dir));
      const spec: RouteSpec = { ...read.spec, ...definedOnly(changes) };
      next = rewrittenNodeName(read.url, spec);
      if (next === old) return null;
      const renamed = spec.name !== read.spec.name || spec.group !== read.spec.group || spec.version !== read.spec.version;
      const clash = renamed ? sameName(children.filter((c) => c !== old), spec) : undefined;
      if (clash) throw duplicate(spec, routeOf(at, clash).id);
      if (children.includes(next)) throw new ConflictError(`an identical route already exists: ${routeOf(at, next).id}`, { id: routeOf(at, next).id });
      return {
        ops: [
          { type: "remove", path: `${dirPath}/${old}`, version: -1 },
          { type: "create", path: `${dirPath}/${next}` },
        ],
        refused: (reason) => (reason === "no_node" ? gone(id) : new ConflictError(`an identical route already exists at ${dirPath}/${next}`)),
      };
    });
    return routeOf(at, next);
  }

  /** Enables or disables a route (an edit of `enabled`); `revision` defaults to the one its id names. */
  setEnabled(id: string, enabled: boolean, revision?: string): Promise<Route> {
    return this.replace(id, revision ?? parseRouteId(id).revision, { enabled });
  }

  /** Deletes a route. @throws ConflictError when `revision` is not the route's current one. */
  async remove(id: string, revision: string): Promise<DeletedRoute> {
    const ref = this.refOf(id, revision);
    const { r, dirPath } = this.locate(ref);
    let path = "";
    await this.commitPlanned(r, dirPath, (children) => {
      const old = children.find((c) => revisionOf(c) === ref.revision);
      if (old === undefined) throw gone(id);
      path = `${dirPath}/${old}`;
      return { ops: [{ type: "remove", path, version: -1 }], refused: () => gone(id) };
    });
    return { deleted: true, id, node: path };
  }

  /**
   * Reads the routers directory, plans against its children, and commits the plan with the
   * directory's compare-and-set; plans again when another console write came between.
   */
  private async commitPlanned(r: Registry, dirPath: string, plan: (children: readonly string[]) => Plan): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const dir = await readVersioned(r.session, dirPath);
      const children = dir === null ? [] : ((await r.session.getChildren(dirPath)) ?? []);
      const planned = plan(children);
      if (planned === null) return;
      if (dir === null) throw new ConflictError(`${dirPath} was removed while saving; try again`);
      const ops: MultiOp[] = [{ type: "setData", path: dirPath, data: dir.data, version: dir.version }, ...planned.ops];
      const outcome = await commitOrUnknown(r, ops);
      if (outcome.type === "committed") return;
      if (outcome.reason === "bad_version" && outcome.index <= 0) continue;
      throw planned.refused(outcome.reason);
    }
    throw new ConflictError(`the routes under ${dirPath} kept changing while saving (${MAX_ATTEMPTS} attempts); reload them and try again`);
  }

  private refOf(id: string, revision: string): RouteRef {
    const ref = parseRouteId(id);
    if (revision !== ref.revision) {
      throw new ConflictError(`revision ${JSON.stringify(revision)} is not the one of route ${id} (${ref.revision}): the change was based on another state of it; reload the routes`, {
        id,
        revision: ref.revision,
      });
    }
    return ref;
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

/** Commits `ops`; a failure after they were sent leaves the outcome unknown, and says so. */
async function commitOrUnknown(r: Registry, ops: readonly MultiOp[]): Promise<MultiOutcome> {
  const sent = r.session.state.type === "connected"; // else request() refuses at once, before sending
  try {
    return await commitMulti(r.session, ops);
  } catch (e) {
    if (!sent || !isConsoleError(e) || e.code !== "registry_unavailable") throw e;
    throw new RegistryUnavailableError(
      `${e.message}; the change may still be applied when ZooKeeper answers again: reload the routes before trying again`,
      { ...e.details, outcome: "unknown" },
      { cause: e },
    );
  }
}

/** The child of `children` that is a route of the same service, group, version and name as `spec`. */
function sameName(children: readonly string[], spec: RouteSpec): string | undefined {
  return children.find((c) => {
    try {
      const other = parseRouteNode(c, spec.service).spec;
      return other.name === spec.name && other.group === spec.group && other.version === spec.version;
    } catch {
      return false; // not a URL: Dubbo skips it too
    }
  });
}

function duplicate(spec: RouteSpec, id: string): ConflictError {
  const key = `${spec.group ? `${spec.group}/` : ""}${spec.service}${spec.version ? `:${spec.version}` : ""}`;
  return new ConflictError(`a route named ${JSON.stringify(spec.name)} already exists for ${key}; edit it (id ${id}) or choose another name`, { id });
}

function gone(id: string): ConflictError {
  return new ConflictError(`route ${id} is not in the registry any more: it was edited (an edit gives a route a new id) or deleted since it was read; reload the routes`, { id });
}

function refuseUnbuiltTargets(targets: readonly RouteTarget[] | undefined): void {
  if (!targets?.includes("config-center")) return;
  const message = 'targets: publishing a copy to the config center (for Dubbo 3.1+ consumers) is not built yet; use ["registry"]';
  throw new ValidationError(message, [{ path: "targets", message }]);
}

/** `changes` without the fields left out. */
function definedOnly(changes: RouteChanges): Partial<RouteSpec> {
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<RouteSpec>;
}
