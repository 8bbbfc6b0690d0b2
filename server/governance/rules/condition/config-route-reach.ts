import type { ConfigRoute } from "@/lib/api/routing/config-routes";
import { consumerServiceRuleKey } from "@/lib/dubbo/rules/config-rule-key";
import { consumerRelease, obeyedCopies } from "@/lib/dubbo/rules/rule-copies";
import type { ConfigRuleNode } from "./config-center-rules";
import type { ServiceEntry } from "../../catalog/service-entry";

type RuleConsumer = ConfigRoute["consumers"][number];
type Via = RuleConsumer["via"];

/**
 * The registered consumers a config-center rule is for, and whether each one's Dubbo
 * release reads it. Pure: from the rule and the catalog's service entries.
 *
 * A consumer of `registry` is reached
 * - by a service rule, when its URL renders the rule's key (consumerServiceRuleKey);
 * - by an application rule named X, when its own application is X (AppStateRouter, 2.7's
 *   AppRouter), or, being of another application, when providers of the service it
 *   consumes belong to X (ProviderAppStateRouter, Dubbo 3.2+, which takes the first
 *   provider's application).
 * It obeys when its release reads that kind of rule (obeyedCopies) and, for a v3.1 rule,
 * understands v3.1. Only consumers of the same registry count: a ZooKeeper registry is its
 * consumers' config center unless they configure another.
 */
export function ruleConsumers(registry: string, node: ConfigRuleNode, entries: Iterable<ServiceEntry>): RuleConsumer[] {
  const found: RuleConsumer[] = [];
  const multi = node.read.type === "rule" && node.read.rule.format === "v3.1";
  for (const entry of entries) {
    const providerApps = new Set(entry.providers.filter((p) => p.registry === registry).map((p) => p.application));
    for (const c of entry.consumers) {
      if (c.registry !== registry) continue;
      const via = viaOf(node, consumerServiceRuleKey(c.url), c.application, providerApps);
      if (via === null) continue;
      const release = consumerRelease(c.url.parameters);
      const { obeys, words } = judge(release, via, multi, c.application, node.name.key);
      found.push({ registry, service: entry.key, application: c.application, address: c.address, release, via, obeys, words });
    }
  }
  return found.sort((a, b) => a.service.localeCompare(b.service) || a.application.localeCompare(b.application) || a.address.localeCompare(b.address));
}

function viaOf(node: ConfigRuleNode, consumerKey: string, application: string, providerApps: ReadonlySet<string>): Via | null {
  if (node.name.scope === "service") return consumerKey === node.name.key ? "service" : null;
  if (application === node.name.key) return "consumer-application";
  return providerApps.has(node.name.key) ? "provider-application" : null;
}

function judge(release: string, via: Via, multi: boolean, application: string, key: string): { obeys: boolean; words: string } {
  const copies = obeyedCopies(release);
  const who = `${application} (${release === "" ? "release unknown" : `Dubbo ${release}`})`;
  const reading = copies.configCenter;
  if (reading === null) {
    return { obeys: false, words: copies.line === "unknown" ? `${who}: cannot say. ${copies.words}` : `${who} does not read it: ${copies.words}` };
  }
  if (via === "provider-application" && !reading.providerApplication) {
    return { obeys: false, words: `${who} does not read it: rules of its providers' application (${key}) are read from Dubbo 3.2 on.` };
  }
  if (multi && !reading.multiDestination) {
    return { obeys: false, words: `${who} reads this key but does not understand the v3.1 format, read from Dubbo 3.3 on.` };
  }
  const as = via === "service" ? "its service's rule" : via === "consumer-application" ? "its own application's rule" : `the rule of its providers' application (${key})`;
  const registryToo = copies.copies.includes("registry") ? "; it obeys the registry copy too" : "; it ignores the registry copy";
  return { obeys: true, words: `${who} obeys it as ${as}${registryToo}.` };
}
