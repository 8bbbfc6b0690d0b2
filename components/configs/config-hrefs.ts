import type { ListedConfig } from "@/lib/api/config-list";
import { applicationHref, serviceHref } from "@/lib/format/hrefs";
import { serviceKey } from "@/lib/dubbo/service-key";

/**
 * The page that edits a listed config: its application's page, or its service's
 * Configuration tab (the key `{interface}:{version}:{group}` read back into the service).
 */
export function configPageHref(config: ListedConfig): string {
  if (config.scope === "application") return applicationHref(config.key);
  const [iface = "", version = "", ...group] = config.key.split(":");
  return serviceHref(serviceKey({ interface: iface, version, group: group.join(":") }), "configuration");
}
