import { isJavaBlank, javaTrim, javaTrimmedLead } from "./java-text";
import type { DubboRelease } from "../../dubbo/dubbo-release";
import { normalizeRuleText, type NormalizedRuleText } from "./rule-text";
import { BLANK_RULE_MESSAGE, RuleSyntaxError } from "./rule-syntax-error";

/**
 * The `when => then` condition rule, parsed exactly as `ConditionRouter.init`/`parseRule`
 * (2.7.23) and `ConditionStateRouter.init`/`parseRule` (3.3) do; the two parse alike.
 */

/** One key of a condition and its patterns. A key matches when its value fits (see condition-match.ts). */
export interface ConditionClause {
  readonly key: string;
  /** Patterns after `=` (and `,` following them): Java keeps a HashSet, so each once, here in first-seen order. */
  readonly matches: readonly string[];
  /** Patterns after `!=` (and `,` following them). */
  readonly mismatches: readonly string[];
}

/** One token of the rule as Java's ROUTE_PATTERN cut it, for highlighting. Offsets index the original rule. */
export interface RuleToken {
  readonly side: "when" | "then";
  /** A key starts a condition (no separator, or `&`); a value follows `=`, `!=` or `,`. */
  readonly kind: "key" | "value";
  readonly separator: "" | "&" | "=" | "!=" | ",";
  /** The token as Java reads it (after prefix removal). */
  readonly text: string;
  /** Where the separator (or the token, when there is none) starts in the original rule. */
  readonly offset: number;
  /** Where the token's text starts, and just past where it ends, in the original rule. */
  readonly start: number;
  readonly end: number;
}

/** How the text on one side of `=>` reads. */
export type WhenForm = "absent" | "blank" | "true" | "conditions";
export type ThenForm = "blank" | "false" | "conditions";

/** A parsed rule. Immutable. */
export interface ConditionRule {
  /** The rule as given. */
  readonly source: string;
  /**
   * The rule text the router parsed: `source`, except for an exactly empty rule in 2.7,
   * which a 2.7.23 consumer reads as `rule` (see {@link EMPTY_RULE_AS_READ_BY_27}).
   */
  readonly readAs: string;
  readonly semantics: DubboRelease;
  /** The when side: no `=>` (absent), blank, the literal `true`, or conditions. */
  readonly whenForm: WhenForm;
  /** Empty matches every consumer (Java's empty map); keys in first-seen order. */
  readonly when: readonly ConditionClause[];
  readonly thenForm: ThenForm;
  /** `null` is Java's null then: a blacklist, every matched consumer gets no provider. */
  readonly then: readonly ConditionClause[] | null;
  readonly tokens: readonly RuleToken[];
}

/**
 * Java's `ROUTE_PATTERN`, `([&!=,]*)\s*([^&!=,\s]+)`, with Java's `\s` (ASCII space, tab,
 * LF, VT, FF, CR only; JavaScript's `\s` would also take U+00A0 and other Unicode spaces).
 */
const ROUTE_PATTERN = /([&!=,]*)[ \t\n\x0B\f\r]*([^&!=, \t\n\x0B\f\r]+)/g;

/**
 * What a 2.7.23 consumer reads as the rule of a routers-category URL whose `rule=` is empty:
 * `URLStrParser.addParam` gives a parameter with an empty value its own name as value
 * (`value = valueStart >= valueEnd ? name : ...`), so `RegistryDirectory.toRouters` builds a
 * ConditionRouter on the rule `rule`: no when, and a then on the key `rule` with no value,
 * which keeps every provider whose URL has no `rule` parameter. 3.x consumers read condition
 * rules from the config center's YAML, where an empty rule stays empty and is refused.
 */
export const EMPTY_RULE_AS_READ_BY_27 = "rule";

/**
 * Parses `rule` as Java's router constructor does (with `enabled=true`; a disabled router
 * never parses its rule), for a route a consumer of `semantics` reads: in 2.7 a
 * routers-category node carrying this rule text, in 3.x a config-center condition rule.
 * Throws {@link RuleSyntaxError} exactly where Java throws.
 */
export function parseConditionRule(rule: string, semantics: DubboRelease): ConditionRule {
  if (rule === "" && semantics === "2.7") {
    // Its tokens are not in the text the operator wrote, so there are none to highlight.
    return { ...parseConditionRule(EMPTY_RULE_AS_READ_BY_27, semantics), source: rule, tokens: [] };
  }
  if (javaTrim(rule).length === 0) {
    throw new RuleSyntaxError(BLANK_RULE_MESSAGE, 0);
  }
  const normalized = normalizeRuleText(rule);
  const text = normalized.text;
  const arrow = text.indexOf("=>");
  const whenRaw = arrow < 0 ? null : text.slice(0, arrow);
  const thenRaw = arrow < 0 ? text : text.slice(arrow + 2);
  const whenRule = whenRaw === null ? null : javaTrim(whenRaw);
  const thenRule = javaTrim(thenRaw);
  const tokens: RuleToken[] = [];

  const whenForm: WhenForm = whenRule === null ? "absent" : isJavaBlank(whenRule) ? "blank" : whenRule === "true" ? "true" : "conditions";
  const when =
    whenForm === "conditions"
      ? parseSide(whenRule!, { side: "when", base: javaTrimmedLead(whenRaw!), normalized, tokens })
      : [];
  const thenForm: ThenForm = isJavaBlank(thenRule) ? "blank" : thenRule === "false" ? "false" : "conditions";
  const then =
    thenForm === "conditions"
      ? parseSide(thenRule, { side: "then", base: (arrow < 0 ? 0 : arrow + 2) + javaTrimmedLead(thenRaw), normalized, tokens })
      : null;
  return { source: rule, readAs: rule, semantics, whenForm, when, thenForm, then, tokens };
}

interface SideContext {
  readonly side: "when" | "then";
  /** Index in the normalized text where this side's trimmed text starts. */
  readonly base: number;
  readonly normalized: NormalizedRuleText;
  readonly tokens: RuleToken[];
}

interface MutablePair {
  readonly matches: Set<string>;
  readonly mismatches: Set<string>;
}

/** `parseRule(String)`: the same state machine, the same quirks (see the unit tests). */
function parseSide(rule: string, ctx: SideContext): ConditionClause[] {
  const condition = new Map<string, MutablePair>();
  let pair: MutablePair | null = null;
  // Java keeps `values` across keys: a `,` after `& key` still adds to the previous key's set.
  let values: Set<string> | null = null;
  for (const m of rule.matchAll(ROUTE_PATTERN)) {
    const separator = m[1]!;
    const content = m[2]!;
    const at = m.index;
    if (separator === "" || separator === "&") {
      const existing = separator === "&" ? condition.get(content) : undefined;
      pair = existing ?? { matches: new Set(), mismatches: new Set() };
      if (!existing) condition.set(content, pair);
    } else if (separator === "=" || separator === "!=") {
      if (pair === null) throw syntaxError(ctx, at, separator, content, "has no condition key before it");
      values = separator === "=" ? pair.matches : pair.mismatches;
      values.add(content);
    } else if (separator === ",") {
      if (values === null || values.size === 0) throw syntaxError(ctx, at, separator, content, "follows no \"=\" or \"!=\" value");
      values.add(content);
    } else {
      throw syntaxError(ctx, at, separator, content, "is not a separator Dubbo's rule grammar allows (only \"&\", \"=\", \"!=\" and \",\")");
    }
    recordToken(ctx, separator, content, at, at + m[0].length - content.length);
  }
  return [...condition].map(([key, p]) => ({ key, matches: [...p.matches], mismatches: [...p.mismatches] }));
}

function recordToken(ctx: SideContext, separator: string, content: string, at: number, contentAt: number): void {
  const toOriginal = (i: number) => ctx.normalized.toOriginal(ctx.base + i);
  ctx.tokens.push({
    side: ctx.side,
    kind: separator === "" || separator === "&" ? "key" : "value",
    separator: separator as RuleToken["separator"],
    text: content,
    offset: toOriginal(at),
    start: toOriginal(contentAt),
    end: toOriginal(contentAt + content.length - 1) + 1,
  });
}

function syntaxError(ctx: SideContext, at: number, separator: string, content: string, problem: string): RuleSyntaxError {
  const offset = ctx.normalized.toOriginal(ctx.base + at);
  return new RuleSyntaxError(`invalid rule: "${separator}" at offset ${offset} (before "${content}", ${ctx.side} side) ${problem}`, offset);
}
