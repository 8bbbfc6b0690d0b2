import { isConsoleError } from "@/lib/errors";
import { methodsFromUrls, type ServiceMethods } from "@/lib/dubbo/service-methods";
import type { Registry } from "../../registry/registry";
import { resolveServiceMethods } from "../../registry/service-methods";
import type { ServiceEntry } from "./service-entry";

/**
 * The methods of a catalog service: the service definition from the metadata report of
 * the first registry holding the service that has one (read through the report's cache),
 * else the names in all its providers' `methods` parameters, else none.
 *
 * Only registries with a live session are asked: one whose last view is served while
 * ZooKeeper is away would only fail after its timeout, and a failed read (a
 * RegistryUnavailableError) falls back the same way, so a stale catalog still answers.
 */
export async function resolveCatalogMethods(registries: readonly Registry[], entry: ServiceEntry): Promise<ServiceMethods> {
  for (const r of registries) {
    const source = r.address.source;
    if (!r.usable || r.session.state.type !== "connected" || !entry.summary.registries.includes(source)) continue;
    const providers = entry.providers.filter((p) => p.registry === source);
    try {
      const methods = await resolveServiceMethods(r.report, entry.id, providers);
      if (methods.source === "definition") return methods;
    } catch (e) {
      if (!isConsoleError(e)) throw e;
    }
  }
  const named = methodsFromUrls(entry.providers.map((p) => p.url));
  return named.length > 0 ? { source: "url", methods: named } : { source: "none", methods: [] };
}
