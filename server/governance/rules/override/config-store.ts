import type { Consumer } from "@/lib/api/catalog-entities";
import type { Config, ConfigsQuery, ConfigsResponse, ConfigTarget, CreateConfigBody, DeletedConfig, ProviderActionBody, ProviderOfflineBody, ProviderWeightBody, ReplaceConfigBody } from "@/lib/api/overrides/configs";
import { draftOfBody } from "@/lib/api/overrides/configs";
import type { ChangeEvent } from "@/lib/api/events";
import type { Actor } from "@/lib/auth/actor";
import { ruleDirectory } from "@/lib/dubbo/rules/config-rule-key";
import { serviceKey } from "@/lib/dubbo/service-key";
import { javaUrlEncode } from "@/lib/dubbo/url";
import { ConflictError, RegistryUnavailableError } from "@/server/errors/governance-errors";
import { isConsoleError, ValidationError } from "@/lib/errors";
import type { OverrideCopies } from "@/lib/override/override-copies";
import { type OverrideDraft, overrideKey } from "@/lib/override/override-draft";
import { configCenterPath, registryCategoryPath } from "@/lib/rules/rule-kind";
import { OVERRIDE } from "@/lib/rules/rule-kinds";
import type { Registry } from "../../../registry/registry";
import { ensurePersistentPath, type MultiOp, readVersioned } from "../../../registry/zk/zk-writes";
import { configChangeDraft } from "../../audit/config-audit";
import { commitPlanned, type PlanAudit } from "../route-store-support";
import { CONSOLE_ACTOR } from "../condition/route-store";
import { centerConfigId, parseConfigId, urlConfigId } from "./config-id";
import { type ListedConfig, listConfigs, type RegistryCopies, scopeOfKey, serviceOfDir } from "./config-list";
import { type ConfigEdit, type CopiesAt, copiesAfter, planConfig, urlsOf } from "./config-plan";
import { refuseConfigStranding } from "./config-stranding";

/** What the store needs of the catalog: a service's providers and consumers (for the stranding check). */
export interface ConfigCatalog {
  routing(key: string): { readonly providers: readonly string[]; readonly consumers: readonly Consumer[] };
}

export interface ConfigStoreOptions {
  /** Where each change is recorded (in the same multi when on the same ZooKeeper); none: not recorded. */
  readonly audit?: PlanAudit;
  /** For the stranding check (config-stranding.ts); none: no check. */
  readonly catalog?: ConfigCatalog;
}

/** Whether a write may strand consumers (the body's `allowStranding`). */
export interface ConfigWriteOptions {
  readonly allowStranding?: boolean;
}

/** A write decided against the copies as just read: the edit, and the config it changes (null: a new one). */
interface Decision {
  readonly edit: ConfigEdit;
  readonly before: Config | null;
}

/** The answer of POST /api/v1/providers/online: the configs deleted (none when the provider was not offline). */
export interface OnlineResult {
  readonly deleted: string[];
}

/** How long a write's answer waits for the watches to bring its copies back (another writer's change in between: it stops waiting then). */
const READ_BACK_MS = 2_000;

/** The configs of a listing as ids and revisions, to tell one state of the copies from another. */
function signature(listing: readonly ListedConfig[]): string {
  return listing.map((c) => `${c.config.id}@${c.config.revision}`).sort().join("\n");
}

/**
 * Overrides (Dubbo configurators) of every registry: listed from the registries' in-memory
 * views (the `configurators` category) and their config centers' `{key}.configurators`
 * rules (watched by the registry, server/registry/config-center-watch.ts), written straight
 * to ZooKeeper.
 *
 * A config is one item of a config-center rule and, for a service, its registry copy
 * (lib/override/override-url.ts); an `override://` URL no item accounts for is a config of
 * its own (config-list.ts). Every write is ONE ZooKeeper multi through the commit loop every
 * rule kind shares (route-store-support.ts `commitPlanned`), with its audit entry:
 * - the service's `configurators` directory is the compare-and-set (an application rule's:
 *   the config center's directory), so console writes to one service go one at a time and
 *   plan against what they read;
 * - the config-center node's version as read is part of the multi (a change in between
 *   plans again); a registry node another writer removed is a 409;
 * - the revision named must be the config's current one (409 `conflict`, nothing written);
 * - no connected session: 503 `registry_unavailable`, nothing written.
 * The config center of a registry is that registry's own ZooKeeper, so both copies go in one multi.
 */
export class ConfigStore {
  private readonly listeners = new Set<(event: ChangeEvent) => void>();
  /** Each registry's config-center `.configurators` data, by key, as last read. */
  private readonly centers: Map<string, string>[];

  constructor(
    private readonly registries: readonly Registry[],
    private readonly options: ConfigStoreOptions = {},
  ) {
    this.centers = registries.map(() => new Map());
    registries.forEach((r, i) => {
      r.configurators.onNode((key, _path, data) => {
        const held = this.centers[i]!;
        const before = held.get(key);
        if (data === null || data.trim() === "") held.delete(key);
        else held.set(key, data);
        if (before !== (data ?? undefined)) this.emit({ type: "configs", key });
      });
      r.view.onChange((change) => {
        if ((change.type === "category" && change.category === OVERRIDE.registry.category) || change.type === "service-removed") this.emit({ type: "configs", key: serviceOfDir(change.service) });
      });
    });
  }

  /** Hears `configs` events. */
  onChange(listener: (event: ChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The configs of every usable registry matching `query`.
   * @throws RegistryUnavailableError when no registry has been read yet.
   */
  list(query: ConfigsQuery): ConfigsResponse {
    const chosen = query.registry === undefined ? this.registries.map((r, index) => ({ r, index })) : [this.byName(query.registry)];
    const usable = chosen.filter(({ r }) => r.usable);
    if (usable.length === 0) throw new RegistryUnavailableError(`no registry has been read yet: ${chosen.map(({ r }) => `${r.address.source} is ${r.session.state.type}`).join("; ")}`);
    const configs: Config[] = [];
    const unreadable: ConfigsResponse["unreadable"] = [];
    for (const { index } of usable) {
      const listing = listConfigs(this.copies(index));
      configs.push(...listing.configs.map((c) => c.config).filter((c) => matches(c, query)));
      unreadable.push(...listing.unreadable);
    }
    return { configs, unreadable };
  }

  /** The config `id` as last read; undefined when it is not there. @throws ValidationError for an id this API did not give out. */
  find(id: string): Config | undefined {
    return this.listed(id)?.config;
  }

  /** Saves a new config: an item of its rule (`center`) and, for a service, its registry copy (`registry`); both by default for a service. */
  async create(body: CreateConfigBody, actor: Actor = CONSOLE_ACTOR): Promise<Config> {
    const draft = draftOfBody(body);
    const targets = body.targets ?? defaultTargets(draft);
    const { index } = body.registry === undefined ? this.byIndex(0) : this.byName(body.registry);
    const result = await this.write(index, placeOf(draft), () => ({ edit: { removeNodes: [], draft, targets }, before: null }), actor, body.allowStranding === true);
    return result!;
  }

  /**
   * Replaces config `id` by the whole config `body` (its scope and key stay the id's);
   * `targets` left out: where it is now.
   * @throws ConflictError when `revision` is not the config's current one.
   */
  async replace(id: string, revision: string, body: ReplaceConfigBody, actor: Actor = CONSOLE_ACTOR): Promise<Config> {
    const draft = draftOfBody(body);
    const known = this.required(id);
    if (draft.scope !== known.config.scope || overrideKey(draft) !== known.config.key) {
      const message = `a config keeps its scope and key (${known.config.scope} ${known.config.key}); create a new one for ${draft.scope} ${overrideKey(draft)}`;
      throw new ValidationError(message, [{ path: draft.scope !== known.config.scope ? "scope" : draft.scope === "service" ? "service" : "application", message }]);
    }
    return (await this.edit(id, revision, (current) => ({ draft, targets: body.targets ?? current.config.targets }), actor, body.allowStranding === true))!;
  }

  /** Enables or disables config `id`. */
  async setEnabled(id: string, enabled: boolean, revision: string, actor: Actor = CONSOLE_ACTOR, write: ConfigWriteOptions = {}): Promise<Config> {
    return (await this.edit(id, revision, (current) => ({ draft: { ...current.draft, enabled }, targets: current.config.targets }), actor, write.allowStranding === true))!;
  }

  /** Deletes config `id` (both copies). */
  async remove(id: string, revision: string, actor: Actor = CONSOLE_ACTOR, write: ConfigWriteOptions = {}): Promise<DeletedConfig> {
    await this.edit(id, revision, () => ({ draft: null, targets: [] }), actor, write.allowStranding === true);
    return { deleted: true, id };
  }

  /**
   * Takes a provider out of its consumers' rotation: a consumer-side `disabled=true` for
   * `providerAddresses: [address]` (center) and `override://{address}/{interface}?disabled=true`
   * (registry), or only the copies `targets` names. Answers the existing config when the
   * provider is already offline by one.
   */
  async offline(body: ProviderOfflineBody, actor: Actor = CONSOLE_ACTOR): Promise<Config> {
    const draft = providerDraft(body, { disabled: "true" });
    const { index } = body.registry === undefined ? this.byIndex(0) : this.byName(body.registry);
    return (await this.write(index, placeOf(draft), (listing) => {
      const same = listing.find((c) => isProviderConfig(c, draft, "disabled") && c.config.enabled && c.config.readOnly === null);
      if (same) return null;
      return { edit: { removeNodes: [], draft, targets: body.targets ?? defaultTargets(draft) }, before: null };
    }, actor, body.allowStranding === true, (listing) => listing.find((c) => isProviderConfig(c, draft, "disabled") && c.config.enabled)?.config))!;
  }

  /** Brings a provider back: deletes every config that only takes it offline (the console's, and others' of the same shape). */
  async online(body: ProviderActionBody, actor: Actor = CONSOLE_ACTOR): Promise<OnlineResult> {
    const draft = providerDraft(body, { disabled: "true" });
    const { index } = body.registry === undefined ? this.byIndex(0) : this.byName(body.registry);
    const deleted: string[] = [];
    // One config per write (each is its own multi and audit entry); ids shift as items go, so list again each time.
    for (let i = 0; i < 20; i++) {
      const next = listConfigs(this.copies(index)).configs.find((c) => isProviderConfig(c, draft, "disabled") && c.config.readOnly === null);
      if (!next) break;
      await this.edit(next.config.id, next.config.revision, () => ({ draft: null, targets: [] }), actor, true);
      deleted.push(next.config.id);
    }
    return { deleted };
  }

  /** Sets a provider's weight: the console's weight config for that address, changed or created, in the copies `targets` names (left out: where it is, or both). */
  async weight(body: ProviderWeightBody, actor: Actor = CONSOLE_ACTOR): Promise<Config> {
    const draft = providerDraft(body, { weight: String(body.weight) });
    const { index } = body.registry === undefined ? this.byIndex(0) : this.byName(body.registry);
    return (await this.write(index, placeOf(draft), (listing) => {
      const same = listing.find((c) => isProviderConfig(c, draft, "weight") && c.config.readOnly === null);
      if (same && same.config.parameters.weight === draft.parameters.weight && same.config.enabled && (body.targets === undefined || sameTargets(same.config.targets, body.targets))) return null;
      return { edit: { ...(same?.item ? { index: same.item.index } : {}), removeNodes: same ? same.nodes : [], draft, targets: targetsOr(body.targets ?? same?.config.targets ?? defaultTargets(draft), draft) }, before: same?.config ?? null };
    }, actor, body.allowStranding === true, (listing) => listing.find((c) => isProviderConfig(c, draft, "weight"))?.config))!;
  }

  /**
   * The copies before and after a change, for the preview (nothing is written): `id` the
   * config changed (none: a new one), `draft` it as it is to be (null: deleted). Before is
   * the copies as last read.
   */
  previewCopies(input: { id?: string; draft: OverrideDraft | null; targets?: readonly ConfigTarget[]; registry?: string }): { before: OverrideCopies; after: OverrideCopies } {
    const known = input.id === undefined ? undefined : this.required(input.id);
    const index = known ? parseConfigId(input.id!).registry : input.registry === undefined ? 0 : this.byName(input.registry).index;
    const copies = this.copies(index);
    const before = overrideCopiesOf(copies);
    const place = known ? placeOfListed(known) : input.draft ? placeOf(input.draft) : null;
    if (!place) return { before, after: before };
    const at = this.copiesAtFromMemory(copies, place);
    const targets = input.targets ?? (known ? known.config.targets : input.draft ? defaultTargets(input.draft) : []);
    const planned = planConfig(at, { ...(known?.item ? { index: known.item.index } : {}), removeNodes: known?.nodes ?? [], draft: input.draft, targets });
    return { before, after: copiesAfter(before, at, planned) };
  }

  // ---------------------------------------------------------------------------

  /** Edits the config `id` based on `revision`; `change` gives what it is to be (draft null: deleted). */
  private edit(id: string, revision: string, change: (current: ListedConfig) => { draft: OverrideDraft | null; targets: readonly ConfigTarget[] }, actor: Actor, allow: boolean): Promise<Config | null> {
    const ref = parseConfigId(id);
    this.connected(this.byIndex(ref.registry).r);
    const known = this.required(id);
    return this.write(ref.registry, placeOfListed(known), (listing) => {
      const current = listing.find((c) => c.config.id === id);
      if (!current) throw gone(id);
      if (current.config.revision !== revision) {
        throw new ConflictError(`revision ${JSON.stringify(revision)} is not the one of config ${id} (${current.config.revision}): it changed since it was read; reload the configs`, { id, revision: current.config.revision });
      }
      if (current.config.readOnly !== null) throw new ConflictError(`config ${id} cannot be changed by the console: ${current.config.readOnly}`, { id });
      const next = change(current);
      return { edit: { ...(current.item ? { index: current.item.index } : {}), removeNodes: current.nodes, draft: next.draft, targets: next.draft ? targetsOr(next.targets, next.draft) : [] }, before: current.config };
    }, actor, allow);
  }

  /**
   * The one write of every change: reads the copies at `place` (the configurators directory
   * through the commit loop, the config-center node versioned), lets `decide` choose the
   * edit (null: nothing to write; `unchanged` then says what to answer), plans it, checks
   * stranding, and commits the difference with its audit entry in one multi.
   */
  private async write(index: number, place: Place, decide: (listing: readonly ListedConfig[]) => Decision | null, actor: Actor, allow: boolean, unchanged?: (listing: readonly ListedConfig[]) => Config | undefined): Promise<Config | null> {
    const { r } = this.byIndex(index);
    this.connected(r);
    const root = r.address.root;
    const centerDir = ruleDirectory(root);
    const dirPath = place.dir === null ? centerDir : registryCategoryPath(OVERRIDE, root, place.dir);
    const centerPath = configCenterPath(OVERRIDE, centerDir, place.key);
    await ensurePersistentPath(r.session, dirPath);
    await ensurePersistentPath(r.session, centerDir);
    let result: Config | null = null;
    let written: string | null = null;
    await commitPlanned(r.session, dirPath, async (children) => {
      written = null;
      const read = await readVersioned(r.session, centerPath);
      const at: CopiesAt = { dir: place.dir, children: place.dir === null ? [] : children, key: place.key, center: read === null ? null : read.data.toString("utf8") };
      const listing = listConfigs(this.copiesAt(index, at)).configs;
      const decision = decide(listing);
      if (decision === null) {
        result = unchanged?.(listing) ?? null;
        return null;
      }
      const planned = planConfig(at, decision.edit);
      const afterListing = listConfigs(this.copiesAt(index, { ...at, children: planned.children, center: planned.center })).configs;
      const afterId = planned.index !== null ? centerConfigId(index, scopeOfKey(place.key), place.key, planned.index) : planned.nodes[0] !== undefined && place.dir !== null ? urlConfigId(index, place.dir, planned.nodes[0]) : null;
      const after = afterId === null ? null : (afterListing.find((c) => c.config.id === afterId)?.config ?? null);
      this.guard(place, listing, afterListing, allow);
      const ops: MultiOp[] = [...planned.removed.map((n): MultiOp => ({ type: "remove", path: `${dirPath}/${n}`, version: -1 })), ...planned.added.map((n): MultiOp => ({ type: "create", path: `${dirPath}/${n}` }))];
      const copyOps: MultiOp[] = [];
      if (planned.center !== at.center) {
        if (planned.center === null) copyOps.push({ type: "remove", path: centerPath, version: read!.version });
        else if (read === null) copyOps.push({ type: "create", path: centerPath, data: Buffer.from(planned.center, "utf8") });
        else copyOps.push({ type: "setData", path: centerPath, data: Buffer.from(planned.center, "utf8"), version: read.version });
      }
      result = after;
      if (ops.length === 0 && copyOps.length === 0) return null;
      written = signature(afterListing);
      return {
        ops,
        copyOps,
        audit: configChangeDraft(actor, decision.before, after),
        refused: (reason) => new ConflictError(reason === "node_exists" ? `an identical override URL already exists under ${dirPath}; reload the configs` : `an override URL under ${dirPath} was removed by another writer while saving; reload the configs`),
      };
    }, this.options.audit);
    if (written !== null) await this.untilRead(index, place, written);
    return result;
  }

  /**
   * Read-your-writes: waits (up to {@link READ_BACK_MS}) until the copies at `place` as last
   * read list the configs `expected` signs, so a listing asked for after the answer shows the
   * write whole. Its two copies arrive by two watches; between them the config is listed from
   * one copy with another revision, and a change based on that revision would be refused.
   */
  private untilRead(index: number, place: Place, expected: string): Promise<void> {
    const read = () => signature(listConfigs(this.copiesAt(index, this.copiesAtFromMemory(this.copies(index), place))).configs) === expected;
    if (read()) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => (clearTimeout(timer), stop(), resolve());
      const timer = setTimeout(done, READ_BACK_MS);
      const stop = this.onChange(() => {
        if (read()) done();
      });
    });
  }

  /** Refuses a change that strands a service's registered consumers (service scope only). */
  private guard(place: Place, before: readonly ListedConfig[], after: readonly ListedConfig[], allow: boolean): void {
    const catalog = this.options.catalog;
    if (!catalog || allow || place.dir === null) return;
    const [service = "", version = "", group = ""] = place.key.split(":");
    let routing;
    try {
      routing = catalog.routing(serviceKey({ interface: service, group, version }));
    } catch (e) {
      if (isConsoleError(e)) return;
      throw e;
    }
    refuseConfigStranding({ service, group, version, ...routing }, before.map((c) => c.draft), after.map((c) => c.draft), false);
  }

  /** Registry `index`'s copies as last read. */
  private copies(index: number): RegistryCopies {
    const r = this.registries[index]!;
    const registry = new Map<string, string[]>();
    for (const dir of r.view.serviceNames) {
      const entries = r.view.service(dir)?.get(OVERRIDE.registry.category) ?? [];
      const nodes = entries.filter((e) => e.url.protocol !== "empty").map((e) => e.node);
      if (nodes.length > 0) registry.set(dir, nodes);
    }
    return { index, source: r.address.source, registry, center: this.centers[index]! };
  }

  /** Only the copies at `at` (one directory and one rule), as a registry's copies. */
  private copiesAt(index: number, at: CopiesAt): RegistryCopies {
    const r = this.registries[index]!;
    return { index, source: r.address.source, registry: new Map(at.dir === null ? [] : [[at.dir, at.children]]), center: new Map(at.center === null ? [] : [[at.key, at.center]]) };
  }

  private copiesAtFromMemory(copies: RegistryCopies, place: Place): CopiesAt {
    return { dir: place.dir, children: place.dir === null ? [] : (copies.registry.get(place.dir) ?? []), key: place.key, center: copies.center.get(place.key) ?? null };
  }

  private listed(id: string): ListedConfig | undefined {
    const ref = parseConfigId(id);
    if (!this.registries[ref.registry]) return undefined;
    return listConfigs(this.copies(ref.registry)).configs.find((c) => c.config.id === id);
  }

  private required(id: string): ListedConfig {
    const found = this.listed(id);
    if (!found) throw gone(id);
    return found;
  }

  /** @throws RegistryUnavailableError (503, nothing written) unless `r`'s session is connected. */
  private connected(r: Registry): void {
    if (r.session.state.type !== "connected") throw new RegistryUnavailableError(`ZooKeeper ${r.address.source} is ${r.session.state.type}; nothing was written`);
  }

  private byIndex(index: number): { r: Registry; index: number } {
    const r = this.registries[index];
    if (!r) throw new ConflictError(`the config's registry (number ${index + 1}) is no longer configured; reload the configs`);
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

  private emit(event: ChangeEvent): void {
    for (const l of this.listeners) l(event);
  }
}

/** Where a config's copies are: its service directory (none for an application) and its rule key. */
interface Place {
  readonly dir: string | null;
  readonly key: string;
}

function placeOf(draft: OverrideDraft): Place {
  return { dir: draft.scope === "service" ? javaUrlEncode(draft.service ?? "") : null, key: overrideKey(draft) };
}

function placeOfListed(c: ListedConfig): Place {
  return { dir: c.config.scope === "service" ? (c.dir ?? javaUrlEncode(c.config.service ?? "")) : null, key: c.item?.key ?? c.config.key };
}

/** Both copies for a service, the rule only for an application. */
function defaultTargets(draft: OverrideDraft): ConfigTarget[] {
  return draft.scope === "service" ? ["registry", "center"] : ["center"];
}

/** `targets` without a registry copy an application config cannot have. */
function targetsOr(targets: readonly ConfigTarget[], draft: OverrideDraft): ConfigTarget[] {
  const t = targets.filter((x) => x === "center" || draft.scope === "service");
  return t.length > 0 ? t : defaultTargets(draft);
}

function sameTargets(a: readonly ConfigTarget[], b: readonly ConfigTarget[]): boolean {
  return a.length === b.length && a.every((t) => b.includes(t));
}

function providerDraft(body: ProviderActionBody, parameters: Record<string, string>): OverrideDraft {
  return { scope: "service", service: body.service, group: body.group ?? "", version: body.version ?? "", side: "consumer", providerAddresses: [body.address], parameters, enabled: true };
}

/** Whether `c` is a provider shortcut's config: `draft`'s service, that one provider, only parameter `param`. */
function isProviderConfig(c: ListedConfig, draft: OverrideDraft, param: string): boolean {
  const d = c.draft;
  const keys = Object.keys(d.parameters);
  if (d.scope !== "service" || d.service !== draft.service || (d.group ?? "") !== draft.group || (d.version ?? "") !== draft.version) return false;
  if (keys.length !== 1 || keys[0] !== param || (param === "disabled" && d.parameters.disabled?.toLowerCase() !== "true")) return false;
  if ((d.addresses?.length ?? 0) > 0 || (d.applications?.length ?? 0) > 0) return false;
  const address = draft.providerAddresses![0]!;
  return d.side === "consumer" ? d.providerAddresses?.length === 1 && d.providerAddresses[0] === address : false;
}

function matches(c: Config, q: ConfigsQuery): boolean {
  if (q.service !== undefined && c.service !== q.service) return false;
  if (q.group !== undefined && c.group !== q.group) return false;
  if (q.version !== undefined && c.version !== q.version) return false;
  if (q.application !== undefined && c.application !== q.application && !c.applications.includes(q.application)) return false;
  return true;
}

function overrideCopiesOf(copies: RegistryCopies): OverrideCopies {
  return { registry: new Map([...copies.registry].map(([dir, nodes]) => [dir, urlsOf(nodes)])), center: new Map(copies.center) };
}

function gone(id: string): ConflictError {
  return new ConflictError(`config ${id} is not there: it was deleted, or (a registry-only URL) edited into a new id, since it was read; reload the configs`, { id });
}
