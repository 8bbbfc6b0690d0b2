import type { AuditDraft, AuditKind } from "@/lib/api/audit";
import { type Actor, auditedActor } from "@/lib/auth/actor";
import type { ConfigRoute, ConfigRoutePut, ConfigRoutesQuery, ConfigRoutesResponse } from "@/lib/api/routing/config-routes";
import type { ConditionCheck } from "@/lib/dubbo/rules/condition-router-yaml";
import { parseRuleNodeName } from "@/lib/dubbo/rules/config-rule-key";
import { serviceKey } from "@/lib/dubbo/service-key";
import { configRuleReaders } from "@/lib/dubbo/rules/rule-copies";
import { RegistryUnavailableError } from "@/server/errors/governance-errors";
import { ValidationError } from "@/lib/errors";
import type { Registry } from "../../../registry/registry";
import type { ZkSession } from "../../../registry/zk/zk-session";
import { ZkSessionWriter } from "../../../registry/zk/zk-session-writer";
import type { MultiOp } from "../../../registry/zk/zk-writes";
import type { Logger } from "../../../runtime/logger";
import type { AuditWriter } from "../../audit/audit-log";
import type { ServiceCatalog } from "../../catalog/catalog";
import { ConfigCenterRules, type ConfigRuleNode } from "./config-center-rules";
import { ruleConsumers } from "./config-route-reach";
import type { ServiceEntry } from "../../catalog/service-entry";

interface Source {
  readonly registry: Registry;
  readonly rules: ConfigCenterRules;
}

/**
 * What /api/v1/config-routes calls: the condition rules in each registry's config center
 * (one {@link ConfigCenterRules} per registry, re-read on every new session), joined with
 * the catalog's consumers to say who obeys each, and the writes that publish or delete one.
 */
export class ConfigRouteService {
  private readonly sources: readonly Source[];

  constructor(
    registries: readonly Registry[],
    private readonly catalog: ServiceCatalog,
    private readonly log: Logger,
    /** How conditions are checked as Dubbo 3.x's parser would; without one, only blank conditions are refused. */
    checkCondition?: ConditionCheck,
    /** Where the writes made for an actor are recorded (just after each write); none: not recorded. */
    private readonly audit?: AuditWriter,
  ) {
    this.sources = registries.map((registry) => {
      const rules = new ConfigCenterRules(registry.session, new ZkSessionWriter(registry.session), registry.address.root, log, checkCondition);
      registry.session.onSession(() => rules.resync());
      return { registry, rules };
    });
  }

  close(): void {
    for (const s of this.sources) s.rules.close();
  }

  /** Each registry's config-center rules, in the order of the registries. */
  get centers(): readonly ConfigCenterRules[] {
    return this.sources.map((s) => s.rules);
  }

  /**
   * `listener` hears the catalog keys (`group/interface:version`) of the services whose
   * rules changed: the service a service rule names, and every service an application rule's
   * application consumes or provides.
   */
  onServiceChange(listener: (serviceKey: string) => void): () => void {
    const offs = this.sources.map((s) =>
      s.rules.onChange((path) => {
        const name = parseRuleNodeName(path.slice(path.lastIndexOf("/") + 1));
        if (name?.service) listener(serviceKey(name.service));
        if (name?.scope !== "application") return;
        for (const e of this.catalog.entries()) {
          if ([...e.consumers, ...e.providers].some((r) => r.application === name.key)) listener(e.key);
        }
      }),
    );
    return () => offs.forEach((off) => off());
  }

  /**
   * The rules `query` selects, from every registry read completely at least once.
   * @throws RegistryUnavailableError when no registry's rules have been read yet.
   */
  list(query: ConfigRoutesQuery): ConfigRoutesResponse {
    const sources = this.sources.filter((s) => s.rules.syncedAt !== null && (query.registry === undefined || s.registry.address.source === query.registry));
    if (sources.length === 0 && !this.sources.some((s) => s.rules.syncedAt !== null)) throw this.unavailable();
    const entries = [...this.catalog.entries()];
    const selected = selector(query, entries);
    const routes = sources.flatMap((s) => s.rules.list().filter(selected).map((node) => toConfigRoute(s.registry.address.source, node, entries)));
    const now = Date.now();
    const stale = sources.flatMap((s) => {
      const st = s.registry.stale(now);
      return st ? [{ registry: s.registry.address.source, ...st }] : [];
    });
    return { routes, stale };
  }

  /** Creates (no `revision`) or replaces (`revision`) the rule `body` describes; see ConfigCenterRules.publish. Recorded for `actor`. */
  async put(body: ConfigRoutePut, actor?: Actor): Promise<{ route: ConfigRoute; created: boolean }> {
    const source = this.source(body.registry);
    const { scope, key, enabled, force, runtime, priority, conditions, revision } = body;
    const before = this.shown(source, key);
    const audit = new RuleAudit(this.audit, this.log, source.registry.session, actor);
    const also = (node: ConfigRuleNode) =>
      audit.ops(revision === undefined ? "config-route.create" : "config-route.edit", before, toConfigRoute(source.registry.address.source, node, this.catalog.entries()));
    const { node, created } = await source.rules.publish({ scope, key, enabled, force, runtime, priority, conditions }, revision, also);
    await audit.done();
    return { route: toConfigRoute(source.registry.address.source, node, this.catalog.entries()), created };
  }

  /** Deletes the rule of `key` if its revision is still `revision`. */
  async delete(query: { key: string; revision: number; registry?: string }, actor?: Actor): Promise<{ deleted: { registry: string; node: string; key: string; revision: number } }> {
    const source = this.source(query.registry);
    const before = this.shown(source, query.key);
    const audit = new RuleAudit(this.audit, this.log, source.registry.session, actor);
    const { path } = await source.rules.remove(query.key, query.revision, async () => (before === null ? [] : audit.ops("config-route.delete", before, null)));
    await audit.done();
    return { deleted: { registry: source.registry.address.source, node: path, key: query.key, revision: query.revision } };
  }

  /** The rule of `key` as the API shows it now; null when there is none. */
  private shown(source: Source, key: string): ConfigRoute | null {
    const node = source.rules.get(key);
    return node ? toConfigRoute(source.registry.address.source, node, this.catalog.entries()) : null;
  }

  /** The registry a write goes to: the one named, or the only one. */
  private source(registry: string | undefined): Source {
    if (registry === undefined) {
      if (this.sources.length === 1) return this.sources[0]!;
      const message = `registry is required when several are configured: one of ${this.sources.map((s) => JSON.stringify(s.registry.address.source)).join(", ")}`;
      throw new ValidationError(`invalid input: ${message}`, [{ path: "registry", message }]);
    }
    const found = this.sources.find((s) => s.registry.address.source === registry);
    if (found) return found;
    const message = `registry ${JSON.stringify(registry)} is not configured; configured: ${this.sources.map((s) => JSON.stringify(s.registry.address.source)).join(", ")}`;
    throw new ValidationError(`invalid input: ${message}`, [{ path: "registry", message }]);
  }

  private unavailable(): RegistryUnavailableError {
    return new RegistryUnavailableError("no registry's config center has been read yet", {
      registries: this.sources.map((s) => ({ source: s.registry.address.source, state: s.registry.session.state.type })),
    });
  }
}

/**
 * Which rules a query selects: with `service`, its service rules (group and version
 * narrowing when given) and the rules of the applications consuming or providing it; with
 * `application`, that application's rule; with neither, all.
 */
function selector(query: ConfigRoutesQuery, entries: readonly ServiceEntry[]): (node: ConfigRuleNode) => boolean {
  const { service, group, version, application } = query;
  if (service === undefined && application === undefined) return () => true;
  const apps = new Set<string>(application === undefined ? [] : [application]);
  if (service !== undefined) {
    for (const e of entries) {
      if (e.id.interface !== service || (group !== undefined && e.id.group !== group) || (version !== undefined && e.id.version !== version)) continue;
      for (const r of [...e.consumers, ...e.providers]) apps.add(r.application);
    }
  }
  return ({ name }) => {
    if (name.scope === "application") return apps.has(name.key);
    const s = name.service;
    return service !== undefined && s !== null && s.interface === service && (group === undefined || s.group === group) && (version === undefined || s.version === version);
  };
}

/** A rule node as the API answers it. */
export function toConfigRoute(registry: string, node: ConfigRuleNode, entries: Iterable<ServiceEntry>): ConfigRoute {
  const { read } = node;
  const rule: ConfigRoute["rule"] =
    read.type === "rejected"
      ? null
      : read.rule.format === "v3.0"
        ? { ...read.rule, conditions: [...read.rule.conditions] }
        : { ...read.rule, conditions: read.rule.conditions.map((c) => ({ from: c.from, to: c.to.map((d) => ({ ...d })) })) };
  const status = read.type === "rejected" ? "refused" : !read.rule.valid ? "not_valid" : !read.rule.enabled ? "disabled" : "active";
  return {
    registry,
    node: node.path,
    key: node.name.key,
    scope: node.name.scope,
    service: node.name.service,
    revision: node.version,
    yaml: node.yaml,
    status,
    rule,
    problem: read.type === "rejected" ? read.problem : null,
    notes: read.type === "rule" ? [...read.notes] : [],
    readers: configRuleReaders(node.name.scope, rule?.format ?? "v3.0"),
    consumers: ruleConsumers(registry, node, entries),
  };
}

/**
 * The audit entry of one rule write: created in the write's multi when the audit trail is
 * on the same ZooKeeper session (the first registry's), else recorded just after it (a
 * failure then is logged, and the write stands). Nothing without a writer or an actor.
 */
class RuleAudit {
  private draft: AuditDraft | null = null;
  private inMulti = false;

  constructor(
    private readonly writer: AuditWriter | undefined,
    private readonly log: Logger,
    private readonly session: ZkSession,
    private readonly actor: Actor | undefined,
  ) {}

  /** The operations that record the write from `before` to `after` in its multi (none when it is recorded after). */
  async ops(kind: AuditKind, before: ConfigRoute | null, after: ConfigRoute | null): Promise<MultiOp[]> {
    const { writer, actor } = this;
    if (!writer || !actor) return [];
    const rule = (after ?? before)!;
    this.draft = {
      at: Date.now(),
      actor: auditedActor(actor),
      kind,
      service: rule.service ? serviceKey(rule.service) : rule.key,
      summary: `${kind === "config-route.create" ? "created" : kind === "config-route.edit" ? "edited" : "deleted"} the config-center rule ${rule.key}`,
      before,
      after,
      outcome: "ok",
    };
    const op = await writer.opOn(this.session, this.draft);
    this.inMulti = op !== null;
    return op ? [op] : [];
  }

  /** After the write succeeded: records the entry when it was not in the multi. */
  async done(): Promise<void> {
    if (!this.writer || !this.draft) return;
    if (this.inMulti) return this.writer.committed();
    const draft = this.draft;
    await this.writer.record(draft).catch((e: unknown) => this.log.error("the audit entry of a config-center rule write could not be written", { summary: draft.summary, error: String(e) }));
  }
}
