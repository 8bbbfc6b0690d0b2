import { GrayFlowStore } from "../governance/gray/gray-flow-store";
import { ProviderHealthService } from "../observability/provider-health";
import { predictChain } from "../observability/qos/chain-prediction";
import { QosService } from "../observability/qos/qos-service";
import { RouterSnapshotService } from "../observability/qos/router-snapshots";
import { MetricsService } from "../observability/metrics/metrics-service";
import { TriplePool } from "../protocol/triple/triple-pool";
import { ProtoSchemas } from "../protocol/triple/proto-schemas";
import { ProtoUploads } from "../governance/invoke/proto-uploads";
import { DEFAULT_HEARTBEAT_MS } from "../protocol/exchange-client";
import type { RegistryHealth } from "@/lib/api/health";
import type { RegistryStatusResponse } from "@/lib/api/registry-state";
import { createClusterEnv } from "../cluster/cluster-env";
import { ConfigCenterOverrides } from "../cluster/config-center-overrides";
import { ConfigCenterTagRules } from "../cluster/config-center-tag-rules";
import { AuditLog } from "../governance/audit/audit-log";
import { setRevokedSessions } from "../auth/revoked-sessions";
import { SessionRevocationStore } from "../auth/session-revocation-store";
import { RouteHistory } from "../governance/audit/route-history";
import { TagRouteHistory } from "../governance/audit/tag-route-history";
import { ServiceCatalog } from "../governance/catalog/catalog";
import { InvokeService } from "../governance/invoke/invoke";
import { RouteStore } from "../governance/rules/condition/route-store";
import { ConfigStore } from "../governance/rules/override/config-store";
import { refuseStranding } from "../governance/rules/condition/route-stranding";
import { checkConfigCondition, checkCopyRule, checkRegistryRule } from "../governance/rules/condition/rule-checks";
import { ConfigRouteService } from "../governance/rules/condition/config-routes";
import { conditionRouteRuntime, overrideRuntime, type RuleKindRuntimes, tagRouteRuntime } from "../governance/rules/rule-kind-runtime";
import { TagRouteStore } from "../governance/rules/tag/tag-route-store";
import { AccessService } from "../governance/rules/access/access-service";
import { MockService } from "../governance/rules/mock/mock-service";
import { retainRegisteredConnections } from "../governance/invoke/connection-retention";
import { attachDiskCache, type DiskCache } from "../registry/cache/disk-cache";
import { ConnectionPool } from "../protocol/connection-pool";
import { serviceRuleKey } from "@/lib/dubbo/rules/config-rule-key";
import type { DubboUrl } from "@/lib/dubbo/url";
import { TokenBuckets } from "../auth/rate-limits";
import { Registry } from "../registry/registry";
import type { ConsoleConfig } from "./config";
import { ENGINE_KEY } from "./engine-key";
import { EventBus } from "./event-bus";
import { createLogger, type Logger } from "./logger";

/**
 * The console's long-lived server side: one per Node process. Holds the registry
 * sessions, the catalog built from them, the route store (routes in the registries' routers
 * category), the event bus the catalog's and the route store's changes feed (read by
 * GET /api/v1/events), and each registry's disk cache (when `config.cacheDir` is set). Created by {@link startEngine}, found by
 * server/runtime/engine-ref.ts (`currentEngine`); kept on globalThis because Next.js loads instrumentation and route
 * handlers as separate module graphs (and dev reloads re-evaluate modules).
 */
export class Engine {
  readonly registries: readonly Registry[];
  readonly catalog: ServiceCatalog;
  /** .proto schemas operators upload for IDL services without gRPC reflection (PUT /api/v1/service/proto). */
  readonly protoUploads: ProtoUploads;
  readonly routes: RouteStore;
  /** Overrides (configurators): config-center items and their registry copies, and the provider offline/online/weight shortcuts. */
  readonly configs: ConfigStore;
  /** Mocks (`{method}.mock` consumer-side overrides). */
  readonly mocks: MockService;
  /** The gray releases under way, shared by every replica (one node per service on the first registry). */
  readonly grayFlows: GrayFlowStore;
  /** Access control (black and white lists) as named condition routes with both copies. */
  readonly access: AccessService;
  /** Tag rules (`{application}.tag-router`) in each registry's config center. */
  readonly tagRoutes: TagRouteStore;
  /** A tag rule's rollback, from the audit trail. */
  readonly tagRouteHistory: TagRouteHistory;
  /** Condition rules in each registry's config center (the copy Dubbo 3.1+ consumers obey). */
  readonly configRoutes: ConfigRouteService;
  /** Each rule kind's server part (its stores, its preview, its audit kinds), beside its declaration in lib/rules/rule-kinds.ts. */
  readonly ruleKinds: RuleKindRuntimes;
  readonly events = new EventBus();
  /** The audit trail, on the first registry's ZooKeeper: every route change and invocation. */
  readonly audit: AuditLog;
  /** A route's history and rollback, from the audit trail. */
  readonly routeHistory: RouteHistory;
  /** POST /api/v1/invoke: calls through the cluster over one shared connection per provider. */
  readonly invocations: InvokeService;
  /** One shared connection per provider address, used by the invocations. */
  readonly connections: ConnectionPool;
  /** Provider health from those connections, and probes (server/observability/provider-health.ts). */
  readonly providerHealth: ProviderHealthService;
  /** Dubbo QoS of registered providers: ls, ready, offline / online (server/observability/qos/qos-service.ts). */
  readonly qos: QosService;
  /** Dubbo 3 consumers' router snapshots beside the console's prediction (server/observability/qos/router-snapshots.ts). */
  readonly routerSnapshots: RouterSnapshotService;
  /** Live metrics per provider, from Prometheus or scraped from QoS (server/observability/metrics/metrics-service.ts). */
  readonly metrics: MetricsService;
  /** Route and config-rule changes per user (CONSOLE_WRITE_RATE), counted in this process. */
  readonly writeLimits: TokenBuckets;
  /** Signed-out sessions, on the first registry's ZooKeeper (every replica sees them); the authenticator asks it. */
  readonly revokedSessions: SessionRevocationStore;
  private caches: DiskCache[] = [];
  private readonly stopRetention: () => void;

  constructor(
    readonly config: ConsoleConfig,
    readonly log: Logger = createLogger(config.logLevel),
  ) {
    this.writeLimits = new TokenBuckets("route and rule changes", config.writeRate.perMinute / 60, config.writeRate.burst);
    this.registries = config.registries.map((address) => new Registry(address, log, config.zkAcl));
    this.audit = new AuditLog(this.registries[0]!.session, config.audit, log);
    this.revokedSessions = new SessionRevocationStore(this.registries[0]!.session, log);
    setRevokedSessions(this.revokedSessions);
    this.catalog = new ServiceCatalog(this.registries);
    this.catalog.onChange((event) => this.events.publish(event));
    this.configRoutes = new ConfigRouteService(this.registries, this.catalog, log, checkConfigCondition, this.audit);
    // A service whose providers and consumers are gone stays listed while it has config-center rules.
    this.catalog.keepWhileConfigRules((id) => this.configRoutes.centers.some((c) => c.get(serviceRuleKey(id)) !== undefined));
    this.configRoutes.onServiceChange((key) => {
      this.catalog.recheck([key]);
      this.events.publish({ type: "service", key, kind: "routers" });
    });
    // The config center of each registry is its own ZooKeeper (ConfigRouteService reads it on the registry's session), so a route and its copy are written in one multi.
    this.routes = new RouteStore(this.registries, {
      validateRule: checkRegistryRule,
      validateCopyRule: checkCopyRule,
      checkCondition: checkConfigCondition,
      configCenters: this.configRoutes.centers,
      audit: { writer: this.audit, log },
      guard: (draft, allow) => refuseStranding(draft, { catalog: this.catalog, routes: this.routes }, allow),
      formerKey: (id) => this.audit.keyOfRouteId(id),
    });
    this.routeHistory = new RouteHistory(this.routes, this.audit);
    this.access = new AccessService(this.routes, this.catalog);
    this.routes.onChange((event) => this.events.publish(event));
    this.configs = new ConfigStore(this.registries, { audit: { writer: this.audit, log }, catalog: this.catalog });
    this.configs.onChange((event) => this.events.publish(event));
    this.mocks = new MockService(this.configs, this.catalog);
    this.grayFlows = new GrayFlowStore(this.registries[0]!.session, { writer: this.audit, log });
    this.tagRoutes = new TagRouteStore(this.registries, { catalog: this.catalog, routes: this.routes, audit: { writer: this.audit, log }, history: (key) => this.audit.history(key) });
    this.tagRoutes.onChange((event) => this.events.publish(event));
    this.tagRouteHistory = new TagRouteHistory(this.tagRoutes, this.audit);
    this.ruleKinds = {
      conditionRoute: conditionRouteRuntime({ routes: this.routes, configRoutes: this.configRoutes }, this),
      override: overrideRuntime(this.configs, this),
      tagRoute: tagRouteRuntime(this.tagRoutes, this.catalog, this.routes, this.configs),
    };
    this.connections = ConnectionPool.withOptions({ log, ...(config.heartbeatMs !== undefined ? { heartbeatMs: config.heartbeatMs } : {}) });
    const triple = new TriplePool();
    // IDL services on Triple are described by their providers' gRPC reflection, over the same connections calls use.
    this.protoUploads = new ProtoUploads({
      record: (draft) => this.audit.record(draft),
      recordFailed: (draft, e) => log.error("the audit entry of a .proto upload could not be written", { summary: draft.summary, error: String(e) }),
    });
    this.catalog.useProtoSchemas(new ProtoSchemas((address) => triple.get(address)), this.protoUploads);
    this.providerHealth = new ProviderHealthService(this.catalog, this.connections, config.heartbeatMs ?? DEFAULT_HEARTBEAT_MS, Date.now, triple);
    const qosPort = config.qosPort !== undefined ? { port: config.qosPort } : {};
    this.qos = new QosService(this.catalog, { ...qosPort, record: (draft) => this.audit.record(draft) });
    this.routerSnapshots = new RouterSnapshotService(this.catalog, predictChain({ preview: (body) => this.ruleKinds.tagRoute.preview(body), currentText: (application) => this.tagRoutes.currentText(application) }), qosPort);
    const metrics = config.metrics;
    this.metrics = new MetricsService(this.catalog, this.audit, {
      ...qosPort.port !== undefined ? { qosPort: qosPort.port } : {},
      ...(metrics?.prometheusUrl ? { prometheusUrl: metrics.prometheusUrl } : {}),
      ...(metrics ? { rateWindow: metrics.rateWindow, scraper: { intervalMs: metrics.scrapeMs } } : {}),
    });
    const env = createClusterEnv({ logger: log });
    // The console's references apply the config center's `.configurators` rules as a consumer of the engine's release does.
    const centers = new Map(this.registries.map((r) => {
      const overrides = new ConfigCenterOverrides(env.dialect, log);
      r.configurators.onNode((key, path, data) => overrides.update(key, path, data));
      return [r.address.source, overrides] as const;
    }));
    // …and route by the config center's `.tag-router` rule of their providers' application, as the tag router of that release does.
    const tagRules = new Map(this.registries.map((r) => {
      const rules = new ConfigCenterTagRules(env.dialect, log);
      r.tagRouters.onNode((application, path, data) => rules.update(application, path, data));
      return [r.address.source, rules] as const;
    }));
    const invokeEnv = { ...env, centerConfigurators: (registry: string, consumer: DubboUrl) => centers.get(registry)?.forConsumer(consumer), centerTagRules: (registry: string, application: string) => tagRules.get(registry)?.rule(application) ?? null };
    this.invocations = new InvokeService(this.catalog, invokeEnv, this.connections, { writer: this.audit, log }, config.directUrls, triple);
    const stopDubbo = retainRegisteredConnections(this.catalog, this.connections, (e) => log.warn("closing the connections of providers that left failed", { error: String(e) }));
    const stopTriple = retainRegisteredConnections(this.catalog, triple, (e) => log.warn("closing the Triple sessions of providers that left failed", { error: String(e) }));
    this.stopRetention = () => {
      stopDubbo();
      stopTriple();
    };
  }

  start(): void {
    const dir = this.config.cacheDir;
    if (dir === null) this.log.info("registry disk cache off");
    for (const r of this.registries) {
      // Attached first, so the cached view can be served while the first session connects.
      if (dir !== null) this.caches.push(attachDiskCache(r, dir, this.log));
      r.start();
    }
  }

  /** Stops everything; resolves once the provider connections are closed. */
  close(): Promise<void> {
    this.stopRetention();
    void this.routerSnapshots.close();
    this.metrics.close();
    const invocations = this.invocations.close();
    for (const c of this.caches) c.detach();
    this.caches = [];
    this.configRoutes.close();
    this.audit.close();
    this.revokedSessions.close();
    for (const r of this.registries) r.close();
    this.events.close();
    return invocations;
  }

  /** Each registry's state and first-read time, from memory (for GET /api/health: no ZooKeeper round trip). */
  registryHealth(): RegistryHealth[] {
    return this.registries.map((r) => ({ source: r.address.source, state: r.session.state.type, syncedAt: r.view.syncedAt }));
  }

  registryStatus(): RegistryStatusResponse {
    return { registries: this.registries.map((r) => r.status()), audit: this.audit.acl };
  }
}

type EngineHolder = { [ENGINE_KEY]?: Engine };

/** Starts the process's engine once; later calls return the same one. */
export function startEngine(config: ConsoleConfig): Engine {
  const holder = globalThis as EngineHolder;
  let engine = holder[ENGINE_KEY];
  if (!engine) {
    engine = new Engine(config);
    holder[ENGINE_KEY] = engine;
    engine.start();
  }
  return engine;
}

/** The running engine, or undefined before instrumentation has started it. */
export function findEngine(): Engine | undefined {
  return (globalThis as EngineHolder)[ENGINE_KEY];
}
