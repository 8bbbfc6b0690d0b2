import type { ApplicationDetail, ServiceDetail } from "@/lib/api/catalog-entities";

/** What the editor offers to pick from, read from the live registry; typing another value is always possible. */
export interface ConfigChoices {
  /** Consumer hosts (a consumer-side rule's `addresses`). */
  readonly consumerHosts: readonly string[];
  /** Provider `host:port`s (a provider-side rule's `addresses`, and `providerAddresses`). */
  readonly providerAddresses: readonly string[];
  /** Consumer applications (a consumer-side rule's `applications`). */
  readonly consumerApps: readonly string[];
  /** Provider applications (a provider-side rule's `applications`). */
  readonly providerApps: readonly string[];
  /** Service keys (an application rule's `services`). */
  readonly services: readonly string[];
}

const sorted = (list: Iterable<string>) => [...new Set(list)].filter((s) => s !== "").sort();

/** The choices on a service's page: its providers and consumers. */
export function serviceChoices(service: ServiceDetail): ConfigChoices {
  return {
    consumerHosts: sorted(service.consumers.map((c) => c.host)),
    providerAddresses: sorted(service.providers.map((p) => p.address)),
    consumerApps: sorted(service.consumers.map((c) => c.application)),
    providerApps: sorted(service.providers.map((p) => p.application)),
    services: [service.key],
  };
}

/** The choices on an application's page: its instances and the services it provides and consumes. */
export function applicationChoices(app: ApplicationDetail): ConfigChoices {
  return {
    consumerHosts: sorted(app.instances.filter((i) => i.role === "consumer").map((i) => i.host)),
    providerAddresses: sorted(app.instances.filter((i) => i.role === "provider").map((i) => i.address)),
    consumerApps: [app.name],
    providerApps: [app.name],
    services: sorted([...app.provides, ...app.consumes].map((s) => s.key)),
  };
}
