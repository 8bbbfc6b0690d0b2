import type { DubboRelease } from "../dubbo/dubbo-release";
import type { RuleCopy } from "../dubbo/rules/rule-copies";

/**
 * The registry copy of a rule kind: URLs listed as the children of
 * `{root}/{URL.encode(interface)}/{category}`, one node per URL.
 */
export interface RegistryCopyKind<RegistryRead> {
  /** The category directory and the URLs' `category` parameter: `routers`, `configurators`. */
  readonly category: string;
  /** The protocol of the URLs the console writes: `route`, `override`. */
  readonly protocol: string;
  /**
   * Reads one child of the category directory (its name as ZooKeeper lists it) stored
   * under `dirService`, the directory's interface, as Dubbo reads it.
   */
  readonly parse: (node: string, dirService: string) => RegistryRead;
}

/** The config-center copy of a rule kind: the data of `{root}/config/dubbo/{key}{suffix}`. */
export interface ConfigCenterCopyKind<CenterRead> {
  /** The node name's suffix after the rule key: `.condition-router`, `.configurators`. */
  readonly suffix: string;
  /** Reads a node's data as a consumer of `release` reads it (Java-exact; throws where Java's parse throws). */
  readonly parse: (data: string, release: DubboRelease) => CenterRead;
}

/**
 * One kind of governance rule (condition routes, overrides; next: tag routes, access
 * control, mock), declared once: where its copies live, which Dubbo releases obey which
 * copy, and the Java-exact parser of each copy. Pure and browser-safe; the server's part
 * (store, preview, audit kinds) is declared beside it in
 * server/governance/rules/rule-kind-runtime.ts. Code that needs a category name, a
 * config-center suffix or who obeys a copy reads it from the kind (lib/rules/rule-kinds.ts),
 * never spells it again.
 */
export interface RuleKind<RegistryRead = unknown, CenterRead = unknown> {
  /** A stable name: `condition-route`, `override`. */
  readonly name: string;
  /** What an operator calls it, for messages. */
  readonly label: string;
  /** The registry copy; null when the kind has none. */
  readonly registry: RegistryCopyKind<RegistryRead> | null;
  /** The config-center copy; null when the kind has none. */
  readonly configCenter: ConfigCenterCopyKind<CenterRead> | null;
  /**
   * The copies a consumer of Dubbo `release` (as its URL states it, "" when none) obeys,
   * registry first; empty when the console cannot say.
   */
  readonly obeyedCopies: (release: string) => readonly RuleCopy[];
}

/** The path of a kind's config-center node for `key` under the config directory `dir` (`{root}/config/dubbo`). */
export function configCenterPath(kind: RuleKind, dir: string, key: string): string {
  if (kind.configCenter === null) throw new Error(`${kind.label} have no config-center copy`);
  return `${dir}/${key}${kind.configCenter.suffix}`;
}

/** The path of a kind's registry category directory of the service directory `dir` (`URL.encode(interface)`) under `root`. */
export function registryCategoryPath(kind: RuleKind, root: string, dir: string): string {
  if (kind.registry === null) throw new Error(`${kind.label} have no registry copy`);
  return `${root === "/" ? "" : root}/${dir}/${kind.registry.category}`;
}
