import type { Config, ConfigTarget } from "@/lib/api/overrides/configs";
import { javaUrlDecode, javaUrlEncode } from "@/lib/dubbo/url";
import { type OverrideDraft, overrideKey } from "@/lib/override/override-draft";
import { readCenterRule, readRegistryOverride, type ReadOverride } from "@/lib/override/override-reading";
import { overrideNodeNames } from "@/lib/override/override-url";
import { centerConfigId, fingerprintOf, urlConfigId } from "./config-id";

/**
 * The configs of one registry as the API lists them, from its copies: each config-center
 * item is one config (with its registry copy when every node of it is there), and each
 * `override://` URL no item accounts for is a config of its own. Pure.
 */

/** One registry's configurator copies by node name: service directory → children of its `configurators`, config-center key → data. */
export interface RegistryCopies {
  readonly index: number;
  /** The registry's source, as GET /api/v1/registry lists it. */
  readonly source: string;
  readonly registry: ReadonlyMap<string, readonly string[]>;
  readonly center: ReadonlyMap<string, string>;
}

/** A listed config and what it is made of (which a write needs). */
export interface ListedConfig {
  readonly config: Config;
  readonly draft: OverrideDraft;
  /** The registry nodes that are its copy, by service directory. */
  readonly dir: string | null;
  readonly nodes: readonly string[];
  /** Its config-center item: the key and index; null for a registry-only URL. */
  readonly item: { readonly key: string; readonly index: number } | null;
}

export interface Listing {
  readonly configs: ListedConfig[];
  readonly unreadable: { registry: string; key: string; problem: string }[];
}

/** The scope of a config-center key: a service key has colons (`interface:version:group`), an application name none. */
export function scopeOfKey(key: string): "service" | "application" {
  return key.includes(":") ? "service" : "application";
}

/** The interface a service directory is named for; the name itself when it is not valid encoding. */
export function serviceOfDir(dir: string): string {
  try {
    return javaUrlDecode(dir);
  } catch {
    return dir;
  }
}

/** Every config of `copies`. */
export function listConfigs(copies: RegistryCopies): Listing {
  const configs: ListedConfig[] = [];
  const unreadable: Listing["unreadable"] = [];
  const used = new Map<string, Set<string>>();
  for (const [key, data] of copies.center) {
    const scope = scopeOfKey(key);
    const read = readCenterRule(key, data);
    if (read.problem !== null) {
      unreadable.push({ registry: copies.source, key, problem: read.problem });
      continue;
    }
    read.items.forEach((item, index) => {
      const dir = scope === "service" && item.draft.service ? javaUrlEncode(item.draft.service) : null;
      const nodes = dir === null ? [] : overrideNodeNames(item.draft);
      const children = dir === null ? [] : (copies.registry.get(dir) ?? []);
      const present = nodes.length > 0 && nodes.every((n) => children.includes(n));
      if (present && dir !== null) {
        const set = used.get(dir) ?? new Set<string>();
        for (const n of nodes) set.add(n);
        used.set(dir, set);
      }
      const targets: ConfigTarget[] = present ? ["registry", "center"] : ["center"];
      const id = centerConfigId(copies.index, scope, key, index);
      configs.push({ config: configOf(id, copies.source, key, item, targets, revisionOf(item.draft, present ? nodes : [])), draft: item.draft, dir, nodes: present ? nodes : [], item: { key, index } });
    });
  }
  for (const [dir, children] of copies.registry) {
    const skip = used.get(dir);
    for (const node of children) {
      if (skip?.has(node)) continue;
      const read = readRegistryOverride(node, serviceOfDir(dir));
      if (read === null) continue;
      const id = urlConfigId(copies.index, dir, node);
      configs.push({ config: configOf(id, copies.source, overrideKey(read.draft), read, ["registry"], fingerprintOf(node)), draft: read.draft, dir, nodes: [node], item: null });
    }
  }
  return { configs: configs.sort((a, b) => compare(a.config, b.config)), unreadable };
}

/** The revision of a config-center item: its meaning and its registry copy, so any change of either moves it. */
function revisionOf(draft: OverrideDraft, nodes: readonly string[]): string {
  return fingerprintOf(JSON.stringify([draft, [...nodes].sort()]));
}

function configOf(id: string, registry: string, key: string, read: ReadOverride, targets: ConfigTarget[], revision: string): Config {
  const d = read.draft;
  return {
    id,
    registry,
    scope: d.scope,
    key,
    ...(d.scope === "service" ? { service: d.service ?? "", group: d.group ?? "", version: d.version ?? "" } : { application: d.application ?? "" }),
    side: d.side,
    addresses: [...(d.addresses ?? [])],
    providerAddresses: [...(d.providerAddresses ?? [])],
    applications: [...(d.applications ?? [])],
    services: [...(d.services ?? [])],
    parameters: { ...d.parameters },
    enabled: d.enabled,
    targets,
    origin: read.origin,
    readOnly: read.readOnly,
    revision,
  };
}

function compare(a: Config, b: Config): number {
  return cmp(a.key, b.key) || cmp(a.registry, b.registry) || cmp(a.id, b.id);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
