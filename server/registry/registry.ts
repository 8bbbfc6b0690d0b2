import { OVERRIDE, TAG_ROUTE } from "@/lib/rules/rule-kinds";
import type { RegistryAddress } from "@/lib/dubbo/registry-address";
import type { RegistryStatus, Stale } from "@/lib/api/registry-state";
import type { Logger } from "../runtime/logger";
import { AppDiscovery, serviceDiscoveryRoot } from "./app-discovery";
import { MetadataReport } from "./metadata-report";
import { ConfigCenterWatch } from "./config-center-watch";
import { RegistryView } from "./registry-view";
import { StateHistory } from "./state-history";
import { ZkSession } from "./zk/zk-session";
import type { AclEntry } from "./zk/zk-acl-spec";

/**
 * One configured registry: its ZooKeeper session and the in-memory view of its tree.
 * Every new session triggers a full re-read, so watches lost with an expired session
 * are re-armed and nothing missed while disconnected stays missed.
 *
 * Once read, the view is served whatever happens to the connection, as Dubbo's own
 * consumers keep their last provider list: while ZooKeeper is silent or a new session
 * re-reads the tree, the last complete view is served and marked {@link stale}. Before
 * the first full read, a view seeded from the disk cache (`view.seed`) is served the same
 * way, marked stale with reason `cached`.
 */
export class Registry {
  readonly session: ZkSession;
  readonly view: RegistryView;
  /** Dubbo 3 application-level discovery (`/services`, MetadataInfo, mapping), read beside the interface-level view. */
  readonly discovery: AppDiscovery;
  /** Service definitions (method signatures) from the metadata report, read on demand. */
  readonly report: MetadataReport;
  /** The config center's `.configurators` nodes (what the console's own references apply). */
  readonly configurators: ConfigCenterWatch;
  /** The config center's `{application}.tag-router` nodes (the tag-route store and the console's tag router read them). */
  readonly tagRouters: ConfigCenterWatch;
  /** When the view stopped being known current (the last answer before a drop); null while live. */
  private staleSince: number | null = null;
  /** The connection's last state changes, for the status page. */
  private readonly history = new StateHistory();

  /** `acl`: the configured ACL of the nodes the console creates (CONSOLE_ZK_ACL); left out, zk-acl.ts's default. */
  constructor(
    readonly address: RegistryAddress,
    log: Logger,
    acl?: readonly AclEntry[] | null,
  ) {
    this.session = new ZkSession(address, log, acl);
    this.view = new RegistryView(this.session, address.root, log);
    this.session.onSession(() => this.view.resync());
    this.report = new MetadataReport(this.session, address.root, log);
    this.configurators = new ConfigCenterWatch(this.session, address.root, OVERRIDE.configCenter.suffix, log);
    this.session.onSession(() => this.configurators.resync());
    this.tagRouters = new ConfigCenterWatch(this.session, address.root, TAG_ROUTE.configCenter.suffix, log);
    this.session.onSession(() => this.tagRouters.resync());
    this.discovery = new AppDiscovery(this.session, { services: serviceDiscoveryRoot(address), root: address.root }, this.report, log);
    this.session.onSession(() => {
      this.report.reset();
      this.discovery.resync();
    });
    this.history.record(this.session.state);
    this.session.onState((state) => this.history.record(state));
    let sessionId: string | null = null;
    this.session.onState((state) => {
      if (state.type === "connected") {
        // A resumed session gets the missed events through its restored watches; a new
        // one is current once its re-read has finished (see the `resynced` change).
        if (state.sessionId === sessionId) this.staleSince = null;
        sessionId = state.sessionId;
      } else {
        this.staleSince ??= this.session.lastHeardAt ?? state.since;
      }
    });
    this.view.onChange((change) => {
      if (change.type === "resynced" && this.session.state.type === "connected") this.staleSince = null;
    });
  }

  start(): void {
    this.session.start();
  }

  close(): void {
    this.discovery.close();
    this.configurators.close();
    this.tagRouters.close();
    this.session.close();
  }

  /** Has something to answer with: read completely once (or seeded from the disk cache), and not closed. */
  get usable(): boolean {
    return (this.view.syncedAt !== null || this.view.cachedAt !== null) && this.session.state.type !== "closed";
  }

  /** Whether, since when and why the view served is not a live one; null when it is live (or never read). */
  stale(now = Date.now()): Stale | null {
    const cachedAt = this.view.cachedAt;
    if (cachedAt !== null) return { since: cachedAt, ageMs: Math.max(0, now - cachedAt), reason: "cached" };
    if (this.view.syncedAt === null) return null;
    if (this.session.state.type !== "connected") {
      const since = this.staleSince ?? this.session.state.since;
      return { since, ageMs: Math.max(0, now - since), reason: "disconnected" };
    }
    const rereading = this.view.rereadingSince;
    if (rereading === null) return null;
    const since = this.staleSince ?? rereading;
    return { since, ageMs: Math.max(0, now - since), reason: "rereading" };
  }

  status(): RegistryStatus {
    return {
      source: this.address.source,
      servers: [...this.address.servers],
      root: this.address.root,
      state: this.session.state,
      history: this.history.list(),
      syncedAt: this.view.syncedAt,
      serviceCount: this.view.serviceCount,
      lastHeardAt: this.session.lastHeardAt,
      lastError: this.session.lastError,
      stale: this.stale(),
      invalidNodes: [...this.view.invalidNodes(), ...this.discovery.invalidNodes(), ...this.report.invalidNodes()],
    };
  }
}
