import type { RegistryAddress } from "@/lib/dubbo/registry-address";
import type { RegistryStatus } from "@/lib/api/registry-state";
import type { Logger } from "../runtime/logger";
import { RegistryView } from "./registry-view";
import { ZkSession } from "./zk-session";

/**
 * One configured registry: its ZooKeeper session and the in-memory view of its tree.
 * Every new session triggers a full re-read, so watches lost with an expired session
 * are re-armed and nothing missed while disconnected stays missed.
 */
export class Registry {
  readonly session: ZkSession;
  readonly view: RegistryView;

  constructor(
    readonly address: RegistryAddress,
    log: Logger,
  ) {
    this.session = new ZkSession(address, log);
    this.view = new RegistryView(this.session, address.root, log);
    this.session.onSession(() => this.view.resync());
  }

  start(): void {
    this.session.start();
  }

  close(): void {
    this.session.close();
  }

  /** Usable for answers: synced once, and connected or only briefly suspended. */
  get usable(): boolean {
    const t = this.session.state.type;
    return this.view.syncedAt !== null && (t === "connected" || t === "suspended");
  }

  status(): RegistryStatus {
    return {
      source: this.address.source,
      servers: [...this.address.servers],
      root: this.address.root,
      state: this.session.state,
      syncedAt: this.view.syncedAt,
      serviceCount: this.view.serviceCount,
      invalidNodes: this.view.invalidNodes(),
    };
  }
}
