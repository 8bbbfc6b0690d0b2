import type { AuditDraft, AuditEntry, AuditKind } from "@/lib/api/audit";
import type { Consumer } from "@/lib/api/catalog-entities";
import type { ChangeEvent } from "@/lib/api/events";
import type { TagPreviewResponse } from "@/lib/api/tag-route-preview";
import type { CreateTagRouteBody, ReplaceTagRouteBody, TagRoute, TagRoutesQuery } from "@/lib/api/tag-routes";
import { type Actor, auditedActor } from "@/lib/auth/actor";
import { ruleDirectory } from "@/lib/dubbo/rules/config-rule-key";
import { type StrandedConsumer, ValidationError } from "@/lib/errors";
import { configCenterPath } from "@/lib/rules/rule-kind";
import { TAG_ROUTE } from "@/lib/rules/rule-kinds";
import { renderTagRule, tagDraftProblems } from "@/lib/tag/tag-draft";
import { ConflictError, RegistryUnavailableError, StrandsConsumersError } from "@/server/errors/governance-errors";
import { NotFoundError } from "@/server/errors/request-errors";
import type { Registry } from "../../../registry/registry";
import { ensurePersistentPath, type MultiOp, readVersioned } from "../../../registry/zk/zk-writes";
import type { ServiceEntry } from "../../catalog/service-entry";
import type { TagRoutePreviewSources } from "../../preview/tag/tag-preview-request";
import { previewTagRoute } from "../../preview/tag/tag-preview";
import { tagPreviewServices } from "../../preview/tag/tag-preview-request";
import { CONSOLE_ACTOR } from "../condition/route-store";
import { commitPlanned, type PlanAudit } from "../route-store-support";
import { parseTagRouteId, tagReadings, tagRouteAuditKey, tagRouteId, tagRouteRevision, tagRouteView } from "./tag-route-view";

/** How long a write's answer waits for the watches to bring back the rule and its audit entry, and how often it looks. */
const READ_BACK_MS = 2_000;
const READ_BACK_POLL_MS = 20;

/** What the store reads of the catalog: who provides and consumes what (for counts, previews and the stranding check). */
export interface TagRouteCatalog {
  entries(): Iterable<ServiceEntry>;
  routing(key: string): { readonly providers: readonly string[]; readonly consumers: readonly Consumer[] };
}

export interface TagRouteStoreOptions {
  readonly catalog: TagRouteCatalog;
  /** The saved condition routes, run around the tag router by the stranding check as by the preview (left out: the tag router alone). */
  readonly routes?: TagRoutePreviewSources["routes"];
  /** Where each change is recorded (in the same multi when on the same ZooKeeper); none: not recorded. */
  readonly audit?: PlanAudit;
  /** The audit entries of a rule's key (`route.key`), newest first: its origin and history. */
  readonly history?: (key: string) => AuditEntry[];
}

/** How a write may go: `allowStranding` saves even when a registered consumer's own traffic is left with no provider. */
export interface TagWriteOptions {
  readonly allowStranding?: boolean;
}

/** A state a rollback puts back: the rule as an audit entry recorded it (null: no rule). */
export type TagRouteState = Pick<TagRoute, "yaml" | "revision"> | null;

/**
 * Tag rules (`{application}.tag-router` in each registry's config center), listed from the
 * registries' watches (Registry.tagRouters) and written straight to ZooKeeper: every write
 * is one multi through the commit loop every rule kind shares (route-store-support.ts
 * `commitPlanned`, the config directory its compare-and-set), with the node's version as
 * read and the audit entry; the revision named must be the node's text as read (409
 * `conflict`, nothing written). A change that leaves a registered consumer's own traffic
 * (no request tag) with no provider, where it had some, is refused with 409
 * `strands_consumers` unless allowed, as the preview judges it (tag-preview.ts).
 */
export class TagRouteStore {
  private readonly listeners = new Set<(event: ChangeEvent) => void>();
  /** Each registry's rule texts, by application, as last read. */
  private readonly held: Map<string, string>[];

  constructor(
    private readonly registries: readonly Registry[],
    private readonly options: TagRouteStoreOptions,
  ) {
    this.held = registries.map(() => new Map());
    registries.forEach((r, i) => {
      r.tagRouters.onNode((application, _path, data) => {
        const held = this.held[i]!;
        const before = held.get(application);
        if (data === null || data.trim() === "") held.delete(application);
        else held.set(application, data);
        if (before !== (data ?? undefined)) this.emit({ type: "tag-routes", application });
      });
    });
  }

  onChange(listener: (event: ChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The rule text held for `application` (null: none) in the registry named, or the first. */
  currentText(application: string, registry?: string): string | null {
    const index = registry === undefined ? 0 : this.byName(registry);
    return this.held[index]?.get(application) ?? null;
  }

  /** @throws RegistryUnavailableError when no registry has been read yet. */
  list(query: TagRoutesQuery): { tagRoutes: TagRoute[] } {
    const chosen = query.registry === undefined ? this.registries.map((_, i) => i) : [this.byName(query.registry)];
    const usable = chosen.filter((i) => this.registries[i]!.usable);
    if (usable.length === 0) throw new RegistryUnavailableError(`no registry has been read yet: ${chosen.map((i) => `${this.registries[i]!.address.source} is ${this.registries[i]!.session.state.type}`).join("; ")}`);
    const tagRoutes: TagRoute[] = [];
    for (const i of usable) {
      for (const [application, text] of [...this.held[i]!].sort(([a], [b]) => a.localeCompare(b))) {
        if (query.application === undefined || query.application === application) tagRoutes.push(this.view(i, application, text));
      }
    }
    return { tagRoutes };
  }

  /** The rule `id` names as last read; undefined when there is none. @throws ValidationError for an id this API did not give out. */
  find(id: string): TagRoute | undefined {
    const { registry, application } = parseTagRouteId(id);
    const text = this.held[registry]?.get(application);
    return text === undefined ? undefined : this.view(registry, application, text);
  }

  async create(body: CreateTagRouteBody, actor: Actor = CONSOLE_ACTOR): Promise<TagRoute> {
    const index = body.registry === undefined ? 0 : this.byName(body.registry);
    const text = textOf(body.application, body);
    return (await this.write(index, body.application, actor, body.allowStranding === true, (current) => {
      if (current !== null) throw new ConflictError(`${body.application} already has a tag rule (revision ${tagRouteRevision(current)}); edit it (id ${tagRouteId(index, body.application)})`, { id: tagRouteId(index, body.application) });
      return { text, kind: "tag-route.create" };
    }))!;
  }

  /** Replaces the rule `id` names by the body's, based on `revision`. */
  async replace(id: string, revision: string, body: ReplaceTagRouteBody, actor: Actor = CONSOLE_ACTOR): Promise<TagRoute> {
    const { registry, application } = parseTagRouteId(id);
    const text = textOf(application, body);
    return (await this.write(this.indexOf(registry), application, actor, body.allowStranding === true, (current) => {
      expectRevision(id, current, revision);
      return { text, kind: "tag-route.edit" };
    }))!;
  }

  /** Sets the rule's `enabled`, keeping the rest (the form's fields when it can hold them, else the text's `enabled:` line). */
  async setEnabled(id: string, enabled: boolean, revision: string, actor: Actor = CONSOLE_ACTOR, write: TagWriteOptions = {}): Promise<TagRoute> {
    const { registry, application } = parseTagRouteId(id);
    return (await this.write(this.indexOf(registry), application, actor, write.allowStranding === true, (current) => {
      expectRevision(id, current, revision);
      const shown = this.view(registry, application, current!);
      if (shown.rule === null) throw new ConflictError(`the rule of ${application} has parts the console does not edit (${shown.textOnly}); change enabled in its text with PUT`, { id });
      return { text: renderTagRule(application, { ...shown.rule, enabled }), kind: enabled ? "tag-route.enable" : "tag-route.disable" };
    }))!;
  }

  async remove(id: string, revision: string, actor: Actor = CONSOLE_ACTOR, write: TagWriteOptions = {}): Promise<{ deleted: true; id: string }> {
    const { registry, application } = parseTagRouteId(id);
    await this.write(this.indexOf(registry), application, actor, write.allowStranding === true, (current) => {
      expectRevision(id, current, revision);
      return { text: null, kind: "tag-route.delete" };
    });
    return { deleted: true, id };
  }

  /**
   * Puts the rule back as `before` (an audit entry's state), while it is as that entry left
   * it (`after`); recorded as `tag-route.rollback`. Answers the rule as restored (null: deleted).
   */
  async restore(id: string, states: { before: TagRouteState; after: TagRouteState }, actor: Actor = CONSOLE_ACTOR, write: TagWriteOptions = {}): Promise<TagRoute | null> {
    const { registry, application } = parseTagRouteId(id);
    return this.write(this.indexOf(registry), application, actor, write.allowStranding === true, (current) => {
      const now = current === null ? null : tagRouteRevision(current);
      if (now !== (states.after?.revision ?? null)) {
        throw new ConflictError(`the tag rule of ${application} changed after that entry (it is ${now === null ? "deleted" : `at revision ${now}`} now, the entry left it ${states.after ? `at ${states.after.revision}` : "deleted"}): roll back the later entries first`, { id, current: now });
      }
      return { text: states.before?.yaml ?? null, kind: "tag-route.rollback" };
    });
  }

  /** The rule's audit entries, newest first. @throws NotFoundError when neither ZooKeeper nor the trail knows it. */
  history(id: string): AuditEntry[] {
    const { registry, application } = parseTagRouteId(id);
    const entries = this.entriesOf(this.indexOf(registry), application);
    if (entries.length === 0 && this.held[registry]?.get(application) === undefined) throw new NotFoundError(`no tag rule has id ${id}, and no audit entry names it`, { id });
    return entries;
  }

  // ---------------------------------------------------------------------------

  /**
   * The one write of every change: reads the node (versioned) inside the commit loop, lets
   * `decide` choose the text it is to have (null: deleted), checks stranding, and commits
   * the node's change with its audit entry in one multi. Answers the rule as written.
   */
  private async write(index: number, application: string, actor: Actor, allow: boolean, decide: (current: string | null) => { text: string | null; kind: AuditKind }): Promise<TagRoute | null> {
    const r = this.registries[index]!;
    if (r.session.state.type !== "connected") throw new RegistryUnavailableError(`ZooKeeper ${r.address.source} is ${r.session.state.type}; nothing was written`);
    const dir = ruleDirectory(r.address.root);
    const path = configCenterPath(TAG_ROUTE, dir, application);
    await ensurePersistentPath(r.session, dir);
    let result: TagRoute | null = null;
    let written: { text: string | null } | null = null;
    await commitPlanned(r.session, dir, async () => {
      written = null;
      const read = await readVersioned(r.session, path);
      const current = read === null || read.data.toString("utf8").trim() === "" ? null : read.data.toString("utf8");
      const { text, kind } = decide(current);
      const before = current === null ? null : this.view(index, application, current);
      result = text === null ? null : this.view(index, application, text);
      if (text === current) return null;
      written = { text };
      if (!allow) this.refuseStranding(index, application, current, text);
      const ops: MultiOp[] = [text === null ? { type: "remove", path, version: read!.version } : read === null ? { type: "create", path, data: Buffer.from(text, "utf8") } : { type: "setData", path, data: Buffer.from(text, "utf8"), version: read.version }];
      return {
        ops,
        copyOps: [],
        audit: this.auditDraft(actor, kind, index, application, before, result),
        refused: () => new ConflictError(`the tag rule of ${application} was changed by another writer while saving; reload it`),
      };
    }, this.options.audit);
    if (written !== null) {
      await this.untilRead(index, application, (written as { text: string | null }).text);
      if (result !== null) result = this.view(index, application, (result as TagRoute).yaml);
    }
    return result;
  }

  /**
   * Read-your-writes: waits (polling, at most {@link READ_BACK_MS}) until the watches hold
   * `text` for the rule and the audit trail its entry, so the list asked after the answer
   * shows the rule as written and as the console's (its origin is read from the trail).
   * Another writer's change in between ends the wait at the cap; nothing is wrong then.
   */
  private async untilRead(index: number, application: string, text: string | null): Promise<void> {
    const revision = text === null ? null : tagRouteRevision(text);
    const deadline = Date.now() + READ_BACK_MS;
    while (Date.now() < deadline) {
      const held = this.held[index]?.get(application) ?? null;
      const last = this.entriesOf(index, application).find((e) => e.outcome === "ok");
      const after = (last?.after ?? null) as { revision?: unknown } | null;
      const recorded = this.options.history === undefined || (revision === null ? last !== undefined && after === null : after?.revision === revision);
      if (held === text && recorded) return;
      await new Promise((resolve) => setTimeout(resolve, READ_BACK_POLL_MS));
    }
  }

  /** @throws StrandsConsumersError when `after` leaves a registered consumer's own calls (no request tag) with no provider where `before` left some. */
  private refuseStranding(index: number, application: string, before: string | null, after: string | null): void {
    const registry = this.registries[index]!.address.source;
    const answer: TagPreviewResponse = previewTagRoute(
      { application, yaml: after, registry, listMax: 1 },
      { services: (app) => tagPreviewServices(this.options.catalog, app, this.options.routes, registry), currentRule: () => before },
    );
    const stranded: StrandedConsumer[] = [];
    for (const service of answer.services) {
      const consumers = this.options.catalog.routing(service.service).consumers;
      for (const row of service.consumers) {
        const own = row.requests.find((q) => q.tag === null);
        if (!own || own.before.providers.total === 0 || own.after.providers.total > 0) continue;
        for (const address of [row.address, ...row.alike]) {
          const c = consumers.find((x) => x.address === address && x.application === row.application) ?? consumers.find((x) => x.address === address);
          stranded.push({ application: row.application, host: c?.host ?? address, release: row.release, url: c?.url ?? address, before: own.before.providers.total });
        }
      }
    }
    if (stranded.length > 0) throw new StrandsConsumersError(stranded);
  }

  private auditDraft(actor: Actor, kind: AuditKind, index: number, application: string, before: TagRoute | null, after: TagRoute | null): AuditDraft {
    const verb = { "tag-route.create": "created", "tag-route.edit": "edited", "tag-route.enable": "enabled", "tag-route.disable": "disabled", "tag-route.delete": "deleted", "tag-route.rollback": "rolled back" }[kind as string] ?? "changed";
    return {
      at: Date.now(),
      actor: auditedActor(actor),
      kind,
      service: application,
      route: { key: tagRouteAuditKey(this.registries[index]!.address.source, application), name: application, id: tagRouteId(index, application) },
      summary: `${verb} the tag rule of ${application}`,
      before,
      after,
      outcome: "ok",
    };
  }

  private entriesOf(index: number, application: string): AuditEntry[] {
    return this.options.history?.(tagRouteAuditKey(this.registries[index]!.address.source, application)) ?? [];
  }

  private view(index: number, application: string, text: string): TagRoute {
    const r = this.registries[index]!;
    // Provider instances (an address serving several services counts once), as the rule names addresses.
    const providers = new Set<string>();
    const consumers = new Set<string>();
    for (const e of this.options.catalog.entries()) {
      const mine = e.providers.filter((p) => p.application === application);
      if (mine.length === 0) continue;
      for (const p of mine) providers.add(p.address);
      for (const c of e.consumers) if (TAG_ROUTE.obeyedCopies(c.release).length > 0) consumers.add(`${c.application} ${c.address}`);
    }
    return tagRouteView({ registry: index, registrySource: r.address.source, node: configCenterPath(TAG_ROUTE, ruleDirectory(r.address.root), application), application, text, history: this.entriesOf(index, application), providers: providers.size, consumers: consumers.size });
  }

  private indexOf(registry: number): number {
    if (!this.registries[registry]) throw new ConflictError(`the tag rule's registry (number ${registry + 1}) is no longer configured; reload the tag routes`);
    return registry;
  }

  private byName(source: string): number {
    const index = this.registries.findIndex((r) => r.address.source === source);
    if (index < 0) {
      const message = `registry ${JSON.stringify(source)} is not configured; use one of ${this.registries.map((r) => JSON.stringify(r.address.source)).join(", ")} (GET /api/v1/registry)`;
      throw new ValidationError(message, [{ path: "registry", message }]);
    }
    return index;
  }

  private emit(event: ChangeEvent): void {
    for (const l of this.listeners) l(event);
  }
}

/** The text a create or replace writes: the body's YAML as given, or its rule rendered (checked first). */
function textOf(application: string, body: Pick<CreateTagRouteBody, "rule" | "yaml">): string {
  if (body.yaml !== undefined) {
    // A release that refuses the text logs it and keeps the rule it had: the console does not write what some consumer would not read.
    const refused = tagReadings(body.yaml).filter((r) => r.status === "refused");
    if (refused.length > 0) throw new ValidationError(`the rule cannot be saved: ${refused.map((r) => `Dubbo ${r.release} refuses it: ${r.problem}`).join("; ")}`, refused.map((r) => ({ path: "yaml", message: `Dubbo ${r.release}: ${r.problem}` })));
    return body.yaml;
  }
  const problems = tagDraftProblems(body.rule!);
  if (problems.length > 0) throw new ValidationError(`the rule cannot be saved: ${problems.map((p) => p.message).join("; ")}`, problems);
  return renderTagRule(application, body.rule!);
}

function expectRevision(id: string, current: string | null, revision: string): void {
  if (current === null) throw new ConflictError(`tag rule ${id} is not there: it was deleted since it was read; reload the tag routes`, { id });
  const now = tagRouteRevision(current);
  if (now !== revision) throw new ConflictError(`revision ${JSON.stringify(revision)} is not the one of tag rule ${id} (${now}): it changed since it was read; reload it`, { id, revision: now });
}
