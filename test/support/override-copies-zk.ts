import type { TestZk } from "./zk-client";

/**
 * Writes a service's configurator (override) copies raw to ZooKeeper, named and shaped as
 * Dubbo reads them, so a test proves what real consumers obey with nothing of the console's
 * in between:
 * - the registry copy, an `override://` URL node in `/dubbo/{interface}/configurators`
 *   (read by 2.6/2.7 consumers and, in this rig, by 3.3.6 consumers too);
 * - the config-center copy, the YAML at `/dubbo/config/dubbo/{interface}:{version}:{group}.configurators`
 *   (read by 2.7 consumers whose config center is the registry's ZooKeeper, and by 3.x).
 */

/** The service a configurator is for, as the consumer's reference names it ("" for none). */
export interface OverrideService {
  readonly interface: string;
  readonly group: string;
  readonly version: string;
}

/** Which side a configurator is for: a consumer-side one changes what consumers do with their provider URLs; a provider-side one what providers export. */
export type OverrideSide = "consumer" | "provider";

/**
 * The registry copy's URL: `override://{address}/{interface}?category=configurators&dynamic=false&enabled=true`,
 * then `group` and `version` when the service has them (ZookeeperRegistry only hands a consumer the
 * URLs UrlUtils.isMatch matches with its reference, group and version included), `side`, and `parameters`.
 * `address` is a provider's `host:port` (configureDeprecated then matches that provider) or `0.0.0.0`.
 */
export function registryOverrideUrl(service: OverrideService, address: string, side: OverrideSide, parameters: Readonly<Record<string, string>>): string {
  const query = new URLSearchParams({ category: "configurators", dynamic: "false", enabled: "true" });
  if (service.group) query.set("group", service.group);
  if (service.version) query.set("version", service.version);
  query.set("side", side);
  for (const [k, v] of Object.entries(parameters)) query.set(k, v);
  return `override://${address}/${service.interface}?${query.toString()}`;
}

/**
 * The node of a registry copy: the URL encoded as one path segment, as Dubbo's ZookeeperRegistry
 * names it (URL.encode, i.e. java.net.URLEncoder; encodeURIComponent agrees for the characters used here).
 */
export function registryOverrideNode(service: OverrideService, url: string): string {
  return `/dubbo/${encodeURIComponent(service.interface)}/configurators/${encodeURIComponent(url)}`;
}

/** The config-center node of a service's configurators: `{interface}:{version}:{group}` with empty parts kept, as DynamicConfiguration.getRuleKey builds it. */
export function centerRuleNode(service: OverrideService): string {
  return `/dubbo/config/dubbo/${service.interface}:${service.version}:${service.group}.configurators`;
}

/** One `configs[]` item of a config-center rule. */
export interface CenterItem {
  readonly side: OverrideSide;
  /** Consumer addresses for a consumer-side item, provider addresses for a provider-side one; absent means every one (Dubbo's 0.0.0.0). */
  readonly addresses?: readonly string[];
  /** Consumer-side only: the providers (`host:port`) whose URLs the item changes. */
  readonly providerAddresses?: readonly string[];
  readonly parameters: Readonly<Record<string, string>>;
}

/**
 * A service-scope config-center rule (`configVersion: v3.0`). The `key` is `{group}/{interface}:{version}`
 * (ConfigParser.appendService reads group and version from it). Every list item and parameter value
 * is quoted: an unquoted `[host:port]` flow list is a YAML map to 2.7.23's SnakeYAML, and an unquoted
 * number would not be the String ConfigItem's parameters hold.
 */
export function centerRuleYaml(service: OverrideService, items: readonly CenterItem[]): string {
  const key = `${service.group ? `${service.group}/` : ""}${service.interface}${service.version ? `:${service.version}` : ""}`;
  const list = (values: readonly string[]) => `[${values.map((v) => JSON.stringify(v)).join(", ")}]`;
  const lines = ["configVersion: v3.0", "scope: service", `key: ${key}`, "enabled: true", "configs:"];
  for (const item of items) {
    lines.push(`- side: ${item.side}`);
    if (item.addresses) lines.push(`  addresses: ${list(item.addresses)}`);
    if (item.providerAddresses) lines.push(`  providerAddresses: ${list(item.providerAddresses)}`);
    lines.push("  parameters:");
    for (const [k, v] of Object.entries(item.parameters)) lines.push(`    ${k}: ${JSON.stringify(v)}`);
  }
  return `${lines.join("\n")}\n`;
}

/** Where a copy was written, to delete it again. */
export interface WrittenCopy {
  readonly copy: "registry" | "config-center";
  readonly node: string;
}

/** Writes a registry copy (creating `/dubbo/{interface}/configurators` if needed). */
export async function writeRegistryOverride(zk: TestZk, service: OverrideService, address: string, side: OverrideSide, parameters: Readonly<Record<string, string>>): Promise<WrittenCopy> {
  const node = registryOverrideNode(service, registryOverrideUrl(service, address, side, parameters));
  await zk.createWithData(node, "");
  return { copy: "registry", node };
}

/** Writes (or replaces) the service's config-center rule. */
export async function writeCenterRule(zk: TestZk, service: OverrideService, items: readonly CenterItem[]): Promise<WrittenCopy> {
  const node = centerRuleNode(service);
  const yaml = centerRuleYaml(service, items);
  if ((await zk.getData(node)) === null) await zk.createWithData(node, yaml);
  else await zk.setData(node, yaml);
  return { copy: "config-center", node };
}

/** Deletes a written copy; nothing when it is already gone. */
export async function deleteCopy(zk: TestZk, written: WrittenCopy): Promise<void> {
  if ((await zk.getData(written.node)) !== null) await zk.remove(written.node);
}

/** Deletes every copy of `service`: its registry override URLs and its config-center rule. */
export async function deleteAllCopies(zk: TestZk, service: OverrideService): Promise<void> {
  const dir = `/dubbo/${encodeURIComponent(service.interface)}/configurators`;
  for (const child of await zk.children(dir).catch(() => [])) await zk.remove(`${dir}/${child}`);
  await deleteCopy(zk, { copy: "config-center", node: centerRuleNode(service) });
}
