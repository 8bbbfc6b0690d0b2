import type { Consumer } from "@/lib/api/catalog-entities";
import { consumerView, providerUrlText } from "./service-detail";
import type { ServiceEntry } from "./service-entry";

/**
 * What routing a service's consumers needs of the catalog: its providers' URLs and its
 * consumers, without the rest of the service's detail (methods, parameters of every
 * provider), made once per entry. An entry is immutable and replaced when the service
 * changes, so the same `providers` array comes back until then: a caller may key its own
 * caches on it (parsed URLs, judged rules) and they are dropped with the entry.
 */
export interface ServiceRouting {
  /** Every provider's decoded URL, in the catalog's order (host, port, registry). */
  readonly providers: readonly string[];
  readonly consumers: readonly Consumer[];
}

const made = new WeakMap<ServiceEntry, ServiceRouting>();

/** The routing view of `entry`, made on first use. */
export function serviceRouting(entry: ServiceEntry): ServiceRouting {
  let view = made.get(entry);
  if (view === undefined) {
    view = { providers: Object.freeze(entry.providers.map(providerUrlText)), consumers: Object.freeze(entry.consumers.map(consumerView)) };
    made.set(entry, view);
  }
  return view;
}
