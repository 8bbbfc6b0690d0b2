import { routeCondition, type ConditionRouteInput, type ConditionRouteResult } from "../evaluate/condition-route";
import type { KeyExplanation } from "./key-explanation";
import type { ConditionRule } from "../parse/condition-rule";

/**
 * One input routed under both semantics, and where Dubbo 2.7 and 3.x consumers would part
 * ways, in words an operator can act on ("a 3.x consumer would get no provider here,
 * because a missing key never matches").
 */

/** Both answers and their differences. */
export interface SemanticComparison {
  readonly v27: ConditionRouteResult;
  readonly v3: ConditionRouteResult;
  /** True when both return the same providers. */
  readonly sameResult: boolean;
  /** Each difference in one sentence; empty when the two agree on everything shown. */
  readonly differences: string[];
}

/**
 * Routes `input` as a 2.7 and as a 3.x consumer. Throws RuleSyntaxError when either
 * rejects the rule: they parse alike, except that only 3.x rejects an exactly empty rule
 * (see {@link ruleDifferences}).
 */
export function compareSemantics(input: Omit<ConditionRouteInput, "semantics">): SemanticComparison {
  const v27 = routeCondition({ ...input, semantics: "2.7" });
  const v3 = routeCondition({ ...input, semantics: "3.x" });
  const sameResult = v27.result.length === v3.result.length && v27.result.every((u, i) => u === v3.result[i]);
  const differences: string[] = [];
  if (v27.whenMatched !== v3.whenMatched) {
    differences.push(`The route ${v27.whenMatched ? "applies" : "does not apply"} to this consumer in Dubbo 2.7 but ${v3.whenMatched ? "applies" : "does not"} in 3.x: ${keyDifferences(v27.when.keys, v3.when.keys).join("; ")}.`);
  }
  if (!sameResult) {
    differences.push(`A 2.7 consumer gets ${count(v27.result.length)} (${v27.outcome}), a 3.x consumer ${count(v3.result.length)} (${v3.outcome}).`);
  }
  v27.providers.forEach((p27, i) => {
    const p3 = v3.providers[i]!;
    if (p27.kept !== p3.kept || p27.conditions.matched !== p3.conditions.matched) {
      const why = keyDifferences(p27.conditions.keys, p3.conditions.keys);
      if (why.length > 0) differences.push(`${p27.url}: ${why.join("; ")}.`);
    }
  });
  return { v27, v3, sameResult, differences };
}

/** Keys whose verdict differs, as "2.7: … / 3.x: …". */
function keyDifferences(a: readonly KeyExplanation[], b: readonly KeyExplanation[]): string[] {
  const out: string[] = [];
  a.forEach((k27, i) => {
    const k3 = b[i];
    if (k3 !== undefined && k27.matched !== k3.matched) out.push(`2.7: ${k27.text} / 3.x: ${k3.text}`);
  });
  return out;
}

function count(n: number): string {
  return n === 0 ? "no provider" : n === 1 ? "1 provider" : `${n} providers`;
}

/** Keys 2.7 reads from the provider's URL structure or keeps from the provider when merging. */
const NOT_MERGED: ReadonlySet<string> = new Set(["host", "address", "port", "protocol", "path", "username", "password", "methods", "release", "dubbo", "timestamp", "dubbo.tag", "remote.application", "check"]);

/** Keys 3.3's registry strips from every provider URL (`stripOffVariableKeys`). */
const STRIPPED_IN_3: ReadonlySet<string> = new Set(["timestamp", "pid"]);

/**
 * Where Dubbo 2.7 and 3.x read `rule` differently, whatever the consumer and providers:
 * one sentence per clause that would behave differently. Parsing is the same in both,
 * except for an exactly empty rule.
 */
export function ruleDifferences(rule: ConditionRule): string[] {
  if (rule.source !== rule.readAs) {
    return [`The rule is empty: a 2.7 consumer reads a route node whose rule is empty as the rule "${rule.readAs}" (it keeps every provider without a "${rule.readAs}" parameter), and 3.x rejects an empty rule.`];
  }
  const out: string[] = [];
  const sides = [
    ["when", rule.when],
    ["then", rule.then ?? []],
  ] as const;
  for (const [side, clauses] of sides) {
    for (const c of clauses) {
      const patterns = [...c.matches, ...c.mismatches];
      for (const p of patterns.filter((x) => x.includes("~"))) {
        out.push(`${side} ${c.key}: "${p}" is an integer range in 3.x (values that are not all digits count as 0${/^[^~]*~$|^~$/.test(p) ? "; this open range is unusable there, so it matches every URL that has the key on the then side and nothing on the when side" : ""}) but literal text in 2.7.`);
      }
      if (c.key.startsWith("attachments")) {
        out.push(`${side} ${c.key}: 3.x reads the call's attachment; 2.7 looks for a URL parameter of that name, which is always missing.`);
      } else if (c.key.startsWith("arguments")) {
        if (c.matches.length === 0 || c.matches.includes("*")) out.push(`${side} ${c.key}: when the argument cannot be read, 2.7 fails the condition but 3.x compares a placeholder, which passes != and *.`);
      } else if (c.matches.length === 0 && c.mismatches.length > 0) {
        out.push(`${side} ${c.key}: a URL without ${c.key} passes "!=" in 2.7 but fails it in 3.x, where a missing key never matches.`);
      }
      if (side === "when" && (c.key === "method" || c.key === "methods")) {
        out.push(`when ${c.key}: for a generic call 2.7 matches "$invoke"/"$invokeAsync", 3.x the real method name.`);
      }
      if (side === "then" && STRIPPED_IN_3.has(c.key)) {
        out.push(`then ${c.key}: 3.3's registry strips timestamp and pid from every provider URL, so 3.x never finds ${c.key} there.`);
      } else if (side === "then" && c.key === "check") {
        out.push("then check: 2.7 sets check=false on every provider URL, 3.3's registry only on those with parameters.");
      }
      if (side === "then" && !NOT_MERGED.has(c.key) && !c.key.startsWith("arguments") && !c.key.startsWith("attachments")) {
        out.push(`then ${c.key}: 2.7 matches the provider URL merged with the consumer's parameters, so a consumer that sets ${c.key} is compared with its own value${c.key === "group" || c.key === "version" || c.key === "generic" ? " (unless the provider sets it)" : ""}; 3.x reads the provider's.`);
      }
    }
  }
  return out;
}
