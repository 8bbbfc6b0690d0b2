import { RULE_CATEGORIES } from "@/lib/rules/rule-kinds";

/**
 * The interface-level layout Dubbo keeps under its root (ZookeeperRegistry):
 * `/{root}/{interface}/{category}/{URL.encode(url.toFullString())}`; the rule categories
 * are the rule kinds' registry copies (lib/rules/rule-kinds.ts).
 */
export const CATEGORIES = ["providers", "consumers", ...RULE_CATEGORIES] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * Children of the root that are not services: the 3.x config center (`config`), metadata
 * report (`metadata`) and service-name mapping (`mapping`).
 */
export const NON_SERVICE_CHILDREN: ReadonlySet<string> = new Set(["config", "metadata", "mapping"]);

export function isCategory(name: string): name is Category {
  return (CATEGORIES as readonly string[]).includes(name);
}
