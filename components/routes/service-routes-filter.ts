import type { ServiceDetail } from "@/lib/api/catalog-entities";

/** The routes (and config-center rules) query of one service: its interface with exactly its group and version (Dubbo ignores a route of another group or version). */
export function serviceRoutesFilter(service: Pick<ServiceDetail, "interface" | "group" | "version">) {
  return { service: service.interface, group: service.group, version: service.version };
}
