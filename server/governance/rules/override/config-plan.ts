import type { ConfigTarget } from "@/lib/api/overrides/configs";
import { parseEncodedDubboUrl, type DubboUrl } from "@/lib/dubbo/url";
import { ConflictError } from "@/server/errors/governance-errors";
import type { OverrideCopies } from "@/lib/override/override-copies";
import { type OverrideDraft, renderOverrideRule } from "@/lib/override/override-draft";
import { readCenterRule } from "@/lib/override/override-reading";
import { overrideNodeNames } from "@/lib/override/override-url";
import { OVERRIDE } from "@/lib/rules/rule-kinds";

/**
 * A config change planned as the copies after it (pure): the service's `configurators`
 * children and its (or the application's) config-center rule, as read just before the
 * write, and what they are to be. The store turns the difference into one ZooKeeper multi;
 * the preview judges {@link copiesAfter} against the copies before.
 */

/** The copies one write touches: one service directory's configurators (none for an application) and one config-center rule. */
export interface CopiesAt {
  /** The service directory (`URL.encode(interface)`); null for an application rule. */
  readonly dir: string | null;
  readonly children: readonly string[];
  /** The config-center key. */
  readonly key: string;
  /** Its data; null when the node is missing. */
  readonly center: string | null;
}

/** One edit of one config: the item and nodes it takes out, and what it writes instead. */
export interface ConfigEdit {
  /** The config-center item replaced or removed; undefined: none (a new config, or a registry-only URL). */
  readonly index?: number;
  /** Registry nodes taken out. */
  readonly removeNodes: readonly string[];
  /** The config as it is to be; null: deleted. */
  readonly draft: OverrideDraft | null;
  /** Where `draft` goes. */
  readonly targets: readonly ConfigTarget[];
}

export interface PlannedCopies {
  readonly children: readonly string[];
  readonly center: string | null;
  /** The index of the edited config's item after the write; null when it has none. */
  readonly index: number | null;
  /** The registry nodes of the edited config after the write. */
  readonly nodes: readonly string[];
  readonly added: readonly string[];
  readonly removed: readonly string[];
}

/**
 * The drafts of the rule `center` at `key`, to write it again with one item changed.
 * @throws ConflictError when the console cannot write it back without losing what it holds:
 *   text that is no configurator rule, or an item with a `match` (v3.1).
 */
export function centerDrafts(key: string, center: string | null): OverrideDraft[] {
  if (center === null || center.trim() === "") return [];
  const read = readCenterRule(key, center);
  if (read.problem !== null) throw new ConflictError(`the config-center rule ${key}${OVERRIDE.configCenter.suffix} is not one the console can write back (${read.problem}); fix or remove it first`, { key });
  const foreign = read.items.find((i) => i.readOnly !== null);
  if (foreign) throw new ConflictError(`the config-center rule ${key}${OVERRIDE.configCenter.suffix} cannot be rewritten by the console: ${foreign.readOnly}; edit it where it was written (origin ${foreign.origin})`, { key });
  return read.items.map((i) => i.draft);
}

/** The copies after `edit`. @throws ConflictError as {@link centerDrafts}. */
export function planConfig(at: CopiesAt, edit: ConfigEdit): PlannedCopies {
  const toCenter = edit.draft !== null && edit.targets.includes("center");
  const toRegistry = edit.draft !== null && edit.targets.includes("registry") && edit.draft.scope === "service";
  let center = at.center;
  let index: number | null = null;
  if (edit.index !== undefined || toCenter) {
    const items = centerDrafts(at.key, at.center);
    if (edit.index !== undefined) {
      if (edit.index >= items.length) throw new ConflictError(`config ${edit.index} of ${at.key}${OVERRIDE.configCenter.suffix} is not there any more; reload the configs`);
      if (toCenter) {
        items[edit.index] = edit.draft!;
        index = edit.index;
      } else items.splice(edit.index, 1);
    } else {
      items.push(edit.draft!);
      index = items.length - 1;
    }
    center = items.length > 0 ? renderOverrideRule(items) : null;
  }
  const removed = edit.removeNodes.filter((n) => at.children.includes(n));
  const kept = at.children.filter((n) => !removed.includes(n));
  const nodes = toRegistry ? overrideNodeNames(edit.draft!) : [];
  const added = [...new Set(nodes)].filter((n) => !kept.includes(n));
  return { children: [...kept, ...added], center, index, nodes, added, removed };
}

/** `copies` with the service directory and the rule of `at` as `planned` leaves them. */
export function copiesAfter(copies: OverrideCopies, at: CopiesAt, planned: Pick<PlannedCopies, "children" | "center">): OverrideCopies {
  const registry = new Map(copies.registry);
  if (at.dir !== null) registry.set(at.dir, urlsOf(planned.children));
  const center = new Map(copies.center);
  if (planned.center === null) center.delete(at.key);
  else center.set(at.key, planned.center);
  return { registry, center };
}

/** Node names as the URLs a 2.7 consumer reads (names that are no URL are skipped, as Dubbo skips them). */
export function urlsOf(children: readonly string[]): DubboUrl[] {
  return children.flatMap((c) => {
    try {
      return [parseEncodedDubboUrl(c, "2.7")];
    } catch {
      return [];
    }
  });
}
