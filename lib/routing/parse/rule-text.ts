/**
 * The rule text as Java's routers parse it, with the way back to the text the operator
 * wrote. Both `ConditionRouter.init` (2.7.23) and `ConditionStateRouter.init` (3.3) first do
 * `rule.replace("consumer.", "").replace("provider.", "")` — a plain substring removal that
 * also hits values — so an index Java reports is an index into that shorter string.
 */

const REMOVED_PREFIXES = ["consumer.", "provider."] as const;

/** The text after Java's prefix removal, and where each of its chars came from. */
export interface NormalizedRuleText {
  /** The rule with every `consumer.` and then every `provider.` removed, as Java does. */
  readonly text: string;
  /** Index in the original rule of the char at `index` in {@link text} (`text.length` maps past the end). */
  toOriginal(index: number): number;
}

/** Removes Java's prefixes from `rule`, keeping the map back to `rule`. */
export function normalizeRuleText(rule: string): NormalizedRuleText {
  let text = rule;
  const passes: { at: number[]; length: number }[] = [];
  for (const prefix of REMOVED_PREFIXES) {
    const removedAt: number[] = [];
    let from = 0;
    let next = text.indexOf(prefix, from);
    if (next < 0) continue;
    let out = "";
    while (next >= 0) {
      out += text.slice(from, next);
      removedAt.push(out.length);
      from = next + prefix.length;
      next = text.indexOf(prefix, from);
    }
    text = out + text.slice(from);
    passes.push({ at: removedAt, length: prefix.length });
  }
  return {
    text,
    toOriginal(index: number): number {
      let i = index;
      for (let p = passes.length - 1; p >= 0; p--) i = shiftPastRemovals(i, passes[p]!.at, passes[p]!.length);
      return i;
    },
  };
}

/**
 * The index before one removal pass of the char at `index` after it: every removal that
 * happened at or before `index` (in after-removal coordinates) shifts it right by `length`.
 */
function shiftPastRemovals(index: number, removedAt: readonly number[], length: number): number {
  let count = 0;
  while (count < removedAt.length && removedAt[count]! <= index) count++;
  return index + count * length;
}
