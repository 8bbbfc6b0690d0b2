import type { Consumer } from "@/lib/api/catalog-entities";
import type { RouteTarget } from "@/lib/api/routing/routes";
import { obeyedCopies } from "@/lib/dubbo/rules/rule-copies";
import { isConsoleError } from "@/lib/errors";
import { parseConditionRule } from "@/lib/routing/parse/condition-rule";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { routingContext } from "@/lib/routing/evaluate/routing-context";
import { matchWhen } from "@/lib/routing/evaluate/when-side";

/**
 * What the editor derives from the service's registered consumers and their Dubbo
 * releases (lib/dubbo/rules/rule-copies.ts): where a new route should go so that every one of
 * them obeys it, how to say so, which semantics judges a consumer, and which consumer to
 * preview for first. Pure.
 */

type ConsumerRelease = Pick<Consumer, "application" | "host" | "release">;

/** Whether a consumer of `release` obeys only the config-center copy (Dubbo 3.0.5+). */
function configCenterOnly(release: string): boolean {
  const obeyed = obeyedCopies(release);
  return obeyed.line !== "unknown" && !obeyed.copies.includes("registry");
}

/** Every copy the consumers obey: the registry always (2.x to 3.0.4 read it), the config center too when one of them is Dubbo 3.0.5+. */
export function defaultTargets(consumers: readonly ConsumerRelease[]): RouteTarget[] {
  return consumers.some((c) => configCenterOnly(c.release)) ? ["registry", "config-center"] : ["registry"];
}

const who = (list: readonly ConsumerRelease[]) => {
  const named = list.slice(0, 3).map((c) => `${c.application || c.host} (${c.release ? `Dubbo ${c.release}` : "release unknown"})`);
  return list.length > 3 ? `${named.join(", ")} and ${list.length - 3} more` : named.join(", ");
};

/**
 * Where the route goes and who obeys it, in one sentence for beside Save: "Saves to the
 * registry (obeyed by storefront-27 (Dubbo 2.7.23)) and the config center (storefront-33
 * (Dubbo 3.3.6))", and who a registry-only save leaves out.
 */
export function targetsInWords(configCenter: boolean, consumers: readonly ConsumerRelease[]): string {
  const ccOnly = consumers.filter((c) => configCenterOnly(c.release));
  const registry = consumers.filter((c) => !configCenterOnly(c.release));
  const reg = registry.length > 0 ? `the registry, obeyed by ${who(registry)}` : "the registry";
  if (configCenter) return `Saves to ${reg}, and to the config center${ccOnly.length > 0 ? `, obeyed by ${who(ccOnly)}` : ""}.`;
  return ccOnly.length > 0 ? `Saves to ${reg} only: ${who(ccOnly)} will not obey it (they read only the config center).` : `Saves to ${reg}.`;
}

/** The semantics a consumer of `release` routes with: 2.7 for the registry copy (2.x to 3.0.4), 3.x for 3.0.5+; null when the release is unknown. */
export function releaseSemantics(release: string): DubboRelease | null {
  const obeyed = obeyedCopies(release);
  if (obeyed.line === "unknown") return null;
  return obeyed.registrySemantics ?? "3.x";
}

/** Whether `rule`'s when side matches `c` as its own release reads it; false for a rule or URL that does not parse. */
function applies(rule: string, c: Pick<Consumer, "url" | "release">): boolean {
  const semantics = releaseSemantics(c.release) ?? "2.7";
  try {
    return matchWhen(parseConditionRule(rule, semantics).when, routingContext(semantics, c.url)).matched;
  } catch (e) {
    if (isConsoleError(e)) return false;
    throw e;
  }
}

/** The consumer to preview for first: the first the rule applies to, else the first; undefined when there is none. */
export function consumerForRule<C extends Pick<Consumer, "url" | "release">>(consumers: readonly C[], rule: string): C | undefined {
  if (rule.trim() === "") return consumers[0];
  return consumers.find((c) => applies(rule, c)) ?? consumers[0];
}
