import type { AddressLookup } from "../connection-pool";
import { TripleClient, type TripleClientOptions } from "./triple-client";

/**
 * One Triple client (one HTTP/2 connection) per provider address, made at its first call and
 * shared by every invoker of that address, as the dubbo protocol's ConnectionPool shares
 * its exchange clients.
 */
export class TriplePool {
  private readonly clients = new Map<string, TripleClient>();

  constructor(private readonly options: TripleClientOptions = {}) {}

  get(address: string): TripleClient {
    let c = this.clients.get(address);
    if (c === undefined) this.clients.set(address, (c = new TripleClient(address, this.options)));
    return c;
  }

  /** A client of `address` the pool does not keep (a direct call's to an unregistered address): the caller closes it. */
  detached(address: string): TripleClient {
    return new TripleClient(address, this.options);
  }

  /** The client of `address` if one was made (the health view never makes one). */
  peek(address: string): TripleClient | undefined {
    return this.clients.get(address);
  }

  /** Closes the sessions of addresses no longer registered (connection-retention.ts calls it after the catalog changes). */
  async retain(live: AddressLookup): Promise<void> {
    for (const [address, client] of this.clients) {
      if (live.has(address)) continue;
      client.close();
      this.clients.delete(address);
    }
  }

  /** How many sessions are held (for tests). */
  get size(): number {
    return this.clients.size;
  }

  closeAll(): void {
    for (const c of this.clients.values()) c.close();
    this.clients.clear();
  }
}
