/**
 * The metrics an address page can show: one service provided there, at one provider address
 * (`host:port`). A `host:port` page has one address; a host page has one per port.
 */
import type { AddressDetail } from "../api/catalog-entities";

/** One service at one provider address: what a metrics panel on the address page is asked for. */
export interface AddressMetricsChoice {
  /** Unique among the choices: the address and the service key. */
  readonly id: string;
  readonly service: { readonly interface: string; readonly group: string; readonly version: string };
  /** The service key (`group/interface:version`). */
  readonly key: string;
  /** The provider, `host:port`. */
  readonly address: string;
  /** For a picker: the service key, and on a host page (several ports) the address too. */
  readonly label: string;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every service the address provides, at each provider address there that serves it: in
 * the order of `provides` (the catalog's), then by address, each pair once (an instance
 * seen in two registries is one). Empty when nothing is provided there.
 */
export function addressMetricsChoices(detail: Pick<AddressDetail, "provides" | "instances">): AddressMetricsChoice[] {
  const addressesOf = new Map<string, Set<string>>();
  for (const i of detail.instances) {
    if (i.role !== "provider") continue;
    for (const key of i.services) {
      let addresses = addressesOf.get(key);
      if (!addresses) addressesOf.set(key, (addresses = new Set()));
      addresses.add(i.address);
    }
  }
  const several = new Set(detail.instances.filter((i) => i.role === "provider").map((i) => i.address)).size > 1;
  return detail.provides.flatMap((ref) =>
    [...(addressesOf.get(ref.key) ?? [])].sort(byText).map((address) => ({
      id: `${address} ${ref.key}`,
      service: { interface: ref.interface, group: ref.group, version: ref.version },
      key: ref.key,
      address,
      label: several ? `${ref.key} at ${address}` : ref.key,
    })),
  );
}
