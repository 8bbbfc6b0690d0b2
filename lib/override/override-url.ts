import { type DubboUrl, javaUrlEncode } from "../dubbo/url";
import { javaFullString } from "../dubbo/url-string";
import { CONFIGURATORS_CATEGORY, type OverrideDraft } from "./override-draft";

/**
 * The registry copy of a service-scope override: `override://` URLs in the service's
 * `configurators` category, obeyed by 2.6 and 2.7 consumers (RegistryDirectory) and by
 * providers for provider-side keys. An application-scope draft has none (no release reads
 * application rules from the registry).
 *
 * Each URL is `override://{host[:port]}/{interface}?category=configurators&dynamic=false&enabled=..&{parameters}`
 * plus `group`, `version`, `application`, `side` and `providerAddresses` where the draft
 * sets them, and its node is `URL.encode(url.toFullString())` (ZookeeperRegistry#toUrlPath).
 * Hosts: the draft's addresses, else `0.0.0.0`; one URL per address and per application
 * (a URL carries one `application`). A consumer-side draft for all consumers that names
 * provider addresses is written the legacy way, one URL per provider with that provider as
 * its host (`override://1.2.3.4:20880/..?disabled=true`): what 2.6 consumers obey, and what
 * 2.7.23's AbstractConfigurator matches by the provider's host and port.
 */

const ANYHOST = "0.0.0.0";

/** The registry copy's URLs of `draft` (empty for application scope). */
export function overrideUrls(draft: OverrideDraft): DubboUrl[] {
  if (draft.scope !== "service" || !draft.service) return [];
  const consumerAddresses = draft.addresses && draft.addresses.length > 0 ? draft.addresses : [];
  const providers = draft.providerAddresses ?? [];
  const legacy = draft.side === "consumer" && consumerAddresses.length === 0 && providers.length > 0;
  const hosts = legacy ? providers : consumerAddresses.length > 0 ? consumerAddresses : [ANYHOST];
  const apps = draft.applications && draft.applications.length > 0 ? draft.applications : [undefined];
  const out: DubboUrl[] = [];
  for (const address of hosts) {
    for (const app of apps) {
      const parameters: Record<string, string> = {};
      const set = (k: string, v: string) => Object.defineProperty(parameters, k, { value: v, enumerable: true, writable: true, configurable: true });
      for (const [k, v] of Object.entries(draft.parameters)) set(k, v);
      set("category", CONFIGURATORS_CATEGORY);
      set("dynamic", "false");
      set("enabled", String(draft.enabled));
      set("side", draft.side);
      if (draft.group) set("group", draft.group);
      if (draft.version) set("version", draft.version);
      if (app !== undefined) set("application", app);
      if (!legacy && providers.length > 0) set("providerAddresses", providers.join(","));
      const { host, port } = splitAddress(address);
      out.push({ protocol: "override", username: "", password: "", host, port, path: draft.service, parameters });
    }
  }
  return out;
}

/** The ZooKeeper child names of the registry copy (`URL.encode(toFullString())`), in the order of {@link overrideUrls}. */
export function overrideNodeNames(draft: OverrideDraft): string[] {
  return overrideUrls(draft).map((u) => javaUrlEncode(javaFullString(u)));
}

/** `host` or `host:port` (IPv4 or a name; the console's input is checked before) into its parts; no port is 0. */
function splitAddress(address: string): { host: string; port: number } {
  const i = address.lastIndexOf(":");
  if (i < 0) return { host: address, port: 0 };
  const port = Number(address.slice(i + 1));
  return Number.isInteger(port) && port > 0 ? { host: address.slice(0, i), port } : { host: address, port: 0 };
}
