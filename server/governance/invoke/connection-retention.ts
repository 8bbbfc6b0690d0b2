import type { ChangeEvent } from "@/lib/api/events";
import type { AddressLookup } from "../../protocol/connection-pool";

/** A pool of connections by provider address that can let go of the addresses no longer registered (ConnectionPool, TriplePool). */
export interface RetainingPool {
  retain(live: AddressLookup): Promise<void>;
}

/** What the retention reads of the catalog. */
export interface RetentionCatalog {
  onChange(listener: (event: ChangeEvent) => void): () => void;
  /** Whether a provider is registered at an address, asked per address; null while no registry is usable. */
  registeredProviders(): AddressLookup | null;
}

/** Whether a catalog event may mean that a provider left. */
function mayRemoveProviders(event: ChangeEvent): boolean {
  return event.type === "reset" || (event.type === "service" && (event.kind === "providers" || event.kind === "removed"));
}

/**
 * Closes the pooled connections of providers that left the registries, as a Java consumer's
 * RegistryDirectory destroys the invokers of removed providers (destroyUnusedInvokers):
 * after a catalog change that may remove providers, the pool keeps the addresses still
 * registered (see ConnectionPool.retain), asking the catalog address by address. Changes arriving together (a burst of service
 * events) are handled once, on the next turn of the event loop. While no registry is usable
 * nothing is closed. Returns the function that stops it.
 */
export function retainRegisteredConnections(catalog: RetentionCatalog, pool: RetainingPool, onError: (e: unknown) => void): () => void {
  let due: NodeJS.Immediate | null = null;
  const retain = () => {
    due = null;
    const live = catalog.registeredProviders();
    if (live !== null) pool.retain(live).catch(onError);
  };
  const unsubscribe = catalog.onChange((event) => {
    if (mayRemoveProviders(event) && due === null) due = setImmediate(retain);
  });
  return () => {
    unsubscribe();
    if (due !== null) clearImmediate(due);
    due = null;
  };
}
