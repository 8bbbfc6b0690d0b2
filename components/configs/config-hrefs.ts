import type { Config as ListedConfig } from "@/lib/api/overrides/configs";
import { applicationHref, serviceHref } from "@/lib/format/hrefs";
import { serviceKey } from "@/lib/dubbo/service-key";

/**
 * The page that edits a listed config: its application's page, or its service's
 * Configuration tab (the key `{interface}:{version}:{group}` read back into the service).
 */
export function configPageHref(config: ListedConfig): string {
  if (config.scope === "application") return applicationHref(config.key);
  const [iface = "", version = "", ...group] = config.key.split(":");
  const id = config.service !== undefined ? { interface: config.service, version: config.version ?? "", group: config.group ?? "" } : { interface: iface, version, group: group.join(":") };
  return serviceHref(serviceKey(id), "configuration");
}
