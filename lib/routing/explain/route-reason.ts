import type { ConditionRule } from "../parse/condition-rule";
import type { ConditionExplanation } from "./key-explanation";

/**
 * How a condition route ended, one value per return statement of Java's `route`/`doRoute`:
 * - `disabled`: `enabled=false`, input returned;
 * - `no-providers`: nothing to route (the when side is still evaluated, for the preview);
 * - `when-not-matched`: the route does not concern this consumer, input returned;
 * - `blacklist`: then is blank or `false`, nothing returned (whatever `force`);
 * - `filtered`: the providers matching then;
 * - `empty-forced`: none matched and `force=true`, nothing returned;
 * - `empty-fallback`: none matched and `force=false`, input returned;
 * - `error-fallback`: the router threw, and its catch returned the input.
 */
export type RouteOutcome = "disabled" | "no-providers" | "when-not-matched" | "blacklist" | "filtered" | "empty-forced" | "empty-fallback" | "error-fallback";

/** Why one provider was kept or dropped, prefixed `kept:`/`dropped:`. */
export function providerReason(outcome: RouteOutcome, when: ConditionExplanation, then: ConditionExplanation, kept: boolean, rule: ConditionRule | null): string {
  switch (outcome) {
    case "disabled":
      return "kept: the route is disabled (enabled=false), so Dubbo does not apply it";
    case "no-providers":
      return "kept: there is no provider to route";
    case "when-not-matched":
      return `kept: the route does not apply to this consumer (${failedKeys(when)})`;
    case "blacklist":
      return `dropped: the consumer matches the when side${whenDetail(when)} and the then side is ${rule?.thenForm === "false" ? "false" : "blank"}, a blacklist: it gets no provider`;
    case "filtered":
      return kept ? `kept: ${matchedKeys(then)}` : `dropped: ${failedKeys(then)}`;
    case "empty-forced":
      return `dropped: ${failedKeys(then)}; no provider matched and force=true, so the consumer gets none`;
    case "empty-fallback":
      return `kept: no provider matched and force=false, so Dubbo falls back to all providers (this one: ${failedKeys(then)})`;
    case "error-fallback":
      return `kept: no provider matched and force=true, but Dubbo's router then failed to decode the consumer's "rule" parameter while logging, and on any failure it returns all providers (this one: ${failedKeys(then)})`;
  }
}

/** The outcome in one sentence. */
export function routeSummary(outcome: RouteOutcome, when: ConditionExplanation, resultSize: number, total: number, rule: ConditionRule | null, force: boolean): string {
  switch (outcome) {
    case "disabled":
      return `The route is disabled: all ${total} providers pass through.`;
    case "no-providers":
      return when.matched
        ? `There are no providers to route; the route applies to this consumer${whenDetail(when)}.`
        : `There are no providers to route; the route does not apply to this consumer (${failedKeys(when)}).`;
    case "when-not-matched":
      return `The route does not apply to this consumer (${failedKeys(when)}): all ${total} providers pass through.`;
    case "blacklist":
      return `The consumer matches the when side${whenDetail(when)} and the then side is ${rule?.thenForm === "false" ? "false" : "blank"}: it is blacklisted and gets no provider.`;
    case "filtered":
      return `${resultSize} of ${total} providers match the then side.`;
    case "empty-forced":
      return `No provider matches the then side and force=true: the consumer gets no provider.`;
    case "empty-fallback":
      return `No provider matches the then side and force=${force}: Dubbo falls back to all ${total} providers.`;
    case "error-fallback":
      return `No provider matches and force=true, but the router failed while logging it (the consumer's "rule" parameter is not valid URL encoding), so Dubbo returns all ${total} providers.`;
  }
}

function whenDetail(when: ConditionExplanation): string {
  return when.empty || when.keys.length === 0 ? "" : ` (${matchedKeys(when)})`;
}

/** What made a side match: every key's text (joined by concatenation: thousands of reasons share the texts). */
function matchedKeys(side: ConditionExplanation): string {
  let out = "";
  for (const k of side.keys) out = out === "" ? k.text : `${out} and ${k.text}`;
  return out;
}

/** What made a side fail: the failing keys' texts. */
function failedKeys(side: ConditionExplanation): string {
  if (side.empty) return "the then side has no condition, which matches no provider";
  if (side.keys.length === 1) return side.keys[0]!.text;
  let out = "";
  for (const k of side.keys) if (!k.matched) out = out === "" ? k.text : `${out} and ${k.text}`;
  return out;
}
