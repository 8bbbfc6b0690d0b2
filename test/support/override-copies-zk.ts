import type { TestZk } from "./zk-client";

/**
 * Where a service's configurator (override) copies are in ZooKeeper, named as Dubbo reads
 * them and written out by hand (not by the code under test), so a test can see which copies
 * the console wrote and clean them with nothing of the console's in between:
 * - the registry copy, `override://` URL nodes in `/dubbo/{interface}/configurators`
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

/** The directory of a service's registry copies (ZookeeperRegistry#toCategoryPath; the interface URL-encoded as one segment). */
export function registryOverrideDir(service: OverrideService): string {
  return `/dubbo/${encodeURIComponent(service.interface)}/configurators`;
}

/** The config-center node of a service's configurators: `{interface}:{version}:{group}` with empty parts kept, as DynamicConfiguration.getRuleKey builds it. */
export function centerRuleNode(service: OverrideService): string {
  return `/dubbo/config/dubbo/${service.interface}:${service.version}:${service.group}.configurators`;
}

/** The copies of `service` ZooKeeper holds now: its registry override URLs (decoded) and its config-center rule (null: none). */
export async function copiesOf(zk: TestZk, service: OverrideService): Promise<{ registry: string[]; center: string | null }> {
  const registry = (await zk.children(registryOverrideDir(service)).catch(() => [])).map((n) => decodeURIComponent(n)).sort();
  return { registry, center: await zk.getData(centerRuleNode(service)) };
}

/** Deletes every copy of `service`: its registry override URLs and its config-center rule. */
export async function deleteAllCopies(zk: TestZk, service: OverrideService): Promise<void> {
  const dir = registryOverrideDir(service);
  for (const child of await zk.children(dir).catch(() => [])) await zk.remove(`${dir}/${child}`);
  if ((await zk.getData(centerRuleNode(service))) !== null) await zk.remove(centerRuleNode(service));
}
