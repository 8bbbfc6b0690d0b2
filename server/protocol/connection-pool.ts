/**
 * One shared {@link ExchangeClient} per provider address, as Java's DubboProtocol shares
 * one connection per address among every service and invoker
 * (ReferenceCountExchangeClient). Clients are created on first use and closed when asked,
 * or when their provider leaves the registry (`retain` with a look-up of the addresses still there).
 * Invokers should look their client up at each call (`get`), so a provider that leaves and
 * comes back is called over a new connection.
 */
import type { ExchangeClient, ExchangeClientOptions } from "./exchange-client";
import { createExchangeClient } from "./socket-exchange-client";

/** Whether an address (`host:port`) is registered now: a per-address look-up, so the pool never needs a set of every provider. */
export interface AddressLookup {
  has(address: string): boolean;
}

const NONE_REGISTERED: AddressLookup = { has: () => false };

export class ConnectionPool {
  private readonly clients = new Map<string, ExchangeClient>();
  private readonly closing = new Set<Promise<void>>();
  /** How many calls hold each borrowed address (see {@link borrow}). */
  private readonly borrowed = new Map<string, number>();
  private isClosed = false;
  /** Of the addresses with a client, those registered at the last `retain` or when their client was made. */
  private registered = new Set<string>();
  /** The registered addresses as the last `retain` was given them (asked again when a client is made or given back). */
  private live: AddressLookup = NONE_REGISTERED;

  /** `create` makes the client of an address (the node:net client with `options` by default). */
  constructor(private readonly create: (address: string) => ExchangeClient = (address) => createExchangeClient(address)) {}

  /** A pool whose clients are node:net clients with `options`. */
  static withOptions(options: ExchangeClientOptions): ConnectionPool {
    return new ConnectionPool((address) => createExchangeClient(address, options));
  }

  /** The addresses that have a client now. */
  get addresses(): string[] {
    return [...this.clients.keys()];
  }

  /** The client of `address` ("host:port"), created (not yet connected: it connects on its first call) if there is none. */
  get(address: string): ExchangeClient {
    if (this.isClosed) throw new RangeError("the connection pool is closed");
    let client = this.clients.get(address);
    if (!client) {
      client = this.create(address);
      this.clients.set(address, client);
      if (this.live.has(address)) this.registered.add(address);
    }
    return client;
  }

  /**
   * The client of `address` for one call to an address no registry lists (a direct `url`
   * the operator allows): shared by the calls in flight to it, and closed (gracefully) when
   * the last of them gives it back, so its connection does not outlive them nor reconnect.
   * Every borrow must be matched by one {@link giveBack}.
   */
  borrow(address: string): ExchangeClient {
    const client = this.get(address);
    this.borrowed.set(address, (this.borrowed.get(address) ?? 0) + 1);
    return client;
  }

  /** Ends one {@link borrow} of `address`; the last one closes its client. */
  giveBack(address: string): Promise<void> {
    const left = (this.borrowed.get(address) ?? 1) - 1;
    if (left > 0) {
      this.borrowed.set(address, left);
      return Promise.resolve();
    }
    this.borrowed.delete(address);
    return this.live.has(address) ? Promise.resolve() : this.drain(address);
  }

  /** The client of `address` if one exists; never creates one. */
  peek(address: string): ExchangeClient | undefined {
    return this.clients.get(address);
  }

  /** Closes and forgets the client of `address` (its calls in flight fail); a later `get` makes a new one. */
  close(address: string): Promise<void> {
    const client = this.clients.get(address);
    if (!client) return Promise.resolve();
    this.clients.delete(address);
    this.registered.delete(address);
    return this.track(client.close());
  }

  /**
   * Forgets the client of `address` and closes it gracefully: its calls in flight end with
   * their answers (or timeouts), new calls on it are refused; a later `get` makes a new one.
   */
  drain(address: string): Promise<void> {
    const client = this.clients.get(address);
    if (!client) return Promise.resolve();
    this.clients.delete(address);
    this.registered.delete(address);
    return this.track(client.closeGracefully());
  }

  /**
   * Closes (gracefully, see {@link drain}) the clients of the addresses that were registered
   * (at the last `retain`, or when their client was made) and are not in `live` now. An
   * address never seen registered keeps its client: a direct `url` call's provider need not
   * be registered at all. `live` is asked once per pooled address (a few), never iterated,
   * and kept for later look-ups (clients made and given back).
   */
  async retain(live: AddressLookup): Promise<void> {
    const gone: string[] = [];
    const registered = new Set<string>();
    for (const address of this.clients.keys()) {
      if (live.has(address)) registered.add(address);
      else if (this.registered.has(address)) gone.push(address);
    }
    this.live = live;
    this.registered = registered;
    await Promise.all(gone.map((a) => this.drain(a)));
  }

  /** Closes every client; the pool refuses `get` afterwards. Resolves once every socket is closed. */
  async closeAll(): Promise<void> {
    this.isClosed = true;
    await Promise.all(this.addresses.map((a) => this.close(a)));
    await Promise.all([...this.closing]);
  }

  private track(closing: Promise<void>): Promise<void> {
    this.closing.add(closing);
    return closing.finally(() => this.closing.delete(closing));
  }
}
