import type { DiscoveredProvider } from "@/lib/dubbo/discovered-provider";
import { withProtoFields } from "@/lib/dubbo/protobuf-generated";
import { methodsFromUrls, type ServiceMethods } from "@/lib/dubbo/service-methods";
import { type ServiceId, serviceKey } from "@/lib/dubbo/service-key";
import type { MetadataReport } from "./metadata-report";

/**
 * The methods of service `id`, as exactly as the registry knows them:
 * 1. the service definition reported by one of `providers`' applications (the first by
 *    name that reported one), else by any application for the same group/interface:version;
 * 2. else the names in the providers' `methods` parameters (names only, no types);
 * 3. else none.
 * A protoc-generated message class the definition describes by its Java fields
 * (`customer_`, `memoizedHashCode`, as Dubbo 2.7 and a class Dubbo 3's ProtobufTypeBuilder
 * does not take write it) comes back as its proto fields (lib/dubbo/protobuf-generated.ts).
 * Reads the metadata report through its cache; rejects with RegistryUnavailableError when
 * ZooKeeper cannot be read.
 */
export async function resolveServiceMethods(
  report: MetadataReport,
  id: ServiceId,
  providers: readonly Pick<DiscoveredProvider, "application" | "url">[],
): Promise<ServiceMethods> {
  const key = serviceKey(id);
  const definitions = (await report.definitions(id.interface)).providers.filter((d) => d.key === key);
  const apps = new Set(providers.map((p) => p.application));
  const chosen = definitions.find((d) => apps.has(d.application)) ?? definitions[0];
  if (chosen) {
    return {
      source: "definition",
      application: chosen.application,
      path: chosen.path,
      methods: chosen.definition.methods,
      types: withProtoFields(chosen.definition.types, chosen.definition.methods),
    };
  }
  const named = methodsFromUrls(providers.map((p) => p.url));
  return named.length > 0 ? { source: "url", methods: named } : { source: "none", methods: [] };
}
