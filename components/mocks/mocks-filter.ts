import type { ServiceDetail } from "@/lib/api/catalog-entities";
import type { MocksQuery } from "@/lib/api/mocks";

/** The filter of one service's mocks, shared by the Mocks tab and the banner (one query): an empty group or version is sent, asking for the service without one. */
export function mocksFilter(service: Pick<ServiceDetail, "interface" | "group" | "version">): MocksQuery {
  return { service: service.interface, group: service.group, version: service.version };
}
