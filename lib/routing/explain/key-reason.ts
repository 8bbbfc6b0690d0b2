import { NOT_FOUND_PLACEHOLDER, type UnavailableWhy } from "../evaluate/condition-value";
import type { KeyFacts } from "./key-explanation";
import { rangeOutcome, resolvePattern, type PatternContext, type RangeOutcome, type RangeProblem } from "../evaluate/value-pattern";

/**
 * One key's evaluation in plain English, from the facts the matcher recorded:
 * `host 127.0.0.2 matches "127.0.0.*"`, `port 20881 is not in 20880`,
 * `env is missing, which fails any condition in Dubbo 3.x`.
 */
export function describeKey(k: KeyFacts, ctx: PatternContext): string {
  const subject = `${k.key}${originNote(k)}`;
  const shown = k.value === null ? "" : ` ${showValue(k.value)}`;
  if (k.valueKind === "placeholder") {
    return `${k.key} cannot be read (${unavailableText(k.unavailable)}), so Dubbo 3.x compares the placeholder "${NOT_FOUND_PLACEHOLDER}": it ${verdictText(k, ctx).replace(/^ /, "")}`;
  }
  switch (k.verdict) {
    case "missing-fails":
      return ctx.semantics === "2.7"
        ? `${subject} is missing, which fails a condition with = values in Dubbo 2.7`
        : `${subject} is missing, which fails any condition in Dubbo 3.x`;
    case "missing-passes":
      return `${subject} is missing, which passes a condition without = values in Dubbo 2.7`;
    case "unavailable":
      return `${k.key} cannot be read (${unavailableText(k.unavailable)}), which fails the condition in Dubbo 2.7`;
    default:
      return `${subject}${shown}${verdictText(k, ctx)}`;
  }
}

/** The verdict after the key and value: ` matches "127.0.0.*"`. */
function verdictText(k: KeyFacts, ctx: PatternContext): string {
  const hit = k.decidedBy;
  switch (k.verdict) {
    case "matched":
      return ` matches ${showPattern(hit!.pattern, hit!.resolved, ctx)}${rangeNote(hit!.range, k.value)}`;
    case "excluded":
      return ` matches the excluded ${showPattern(hit!.pattern, hit!.resolved, ctx)}${rangeNote(hit!.range, k.value)}`;
    case "not-matched":
      return `${noneOf(k.matches, ctx, "")}${failedRangeNotes(k.matches, k.value, ctx)}`;
    case "not-excluded":
      return `${noneOf(k.mismatches, ctx, "the excluded ")}${failedRangeNotes(k.mismatches, k.value, ctx)}`;
    case "no-patterns":
      return " has no value to match in the rule, which never matches";
    default:
      return "";
  }
}

function originNote(k: KeyFacts): string {
  switch (k.origin) {
    case "merged-consumer":
      return " (the consumer's, which Dubbo 2.7 merges into the provider URL)";
    case "merged-remote-application":
      return " (the provider's application, which Dubbo 2.7 moves there)";
    case "merged-check":
      return " (Dubbo 2.7 sets check=false on every provider URL)";
    case "merged-concatenated":
      return " (the provider's and the consumer's, joined by Dubbo 2.7)";
    case "consumer-path":
      return " (the consumer's path; the provider has none)";
    case "interface-path":
      return " (the consumer's interface; the provider has no path)";
    case "generic-method":
      return " (the real method of the generic call)";
    default:
      return "";
  }
}

function unavailableText(why: UnavailableWhy | null): string {
  switch (why) {
    case "no-invocation":
      return "there is no invocation";
    case "bad-key":
      return "the key is not of the form arguments[N] or attachments[name]";
    case "index-out-of-range":
      return "the call has no argument at that index";
    default:
      return "unknown";
  }
}

function showValue(v: string): string {
  return v === "" ? '""' : v;
}

/** Texts of pattern lists already made, per list and consumer: thousands of providers fail the same list. */
const listTexts = new WeakMap<readonly string[], { ctx: PatternContext; what: string; text: string }>();

/** ` is not in 20880, 20881` for plain values; ` matches none of "10.0.*", "$zone" (...)` when any is a pattern. */
function noneOf(patterns: readonly string[], ctx: PatternContext, what: string): string {
  const seen = listTexts.get(patterns);
  if (seen !== undefined && seen.ctx === ctx && seen.what === what) return seen.text;
  const text = noneOfText(patterns, ctx, what);
  listTexts.set(patterns, { ctx, what, text });
  return text;
}

function noneOfText(patterns: readonly string[], ctx: PatternContext, what: string): string {
  const plain = patterns.every((p) => !p.includes("*") && !p.includes("~") && !(ctx.param !== null && p.startsWith("$")));
  if (plain) return ` is not in ${what}${patterns.map(showValue).join(", ")}`;
  const shown = patterns.map((p) => showPattern(p, resolvePattern(p, ctx), ctx)).join(", ");
  return patterns.length === 1 ? ` does not match ${what}${shown}` : ` matches none of ${what}${shown}`;
}

function showPattern(pattern: string, resolved: string | null, ctx: PatternContext): string {
  if (ctx.param !== null && pattern.startsWith("$") && !(ctx.semantics === "3.x" && pattern.includes("~"))) {
    return resolved === null ? `"${pattern}" (absent on the consumer)` : `"${pattern}" (the consumer's "${resolved}")`;
  }
  return `"${pattern}"`;
}

function rangeNote(range: RangeOutcome | undefined, value: string | null): string {
  if (range === undefined) return "";
  if (range.problem !== null) return ` only because the range is unusable (${problemText(range.problem)}) and Dubbo 3.x then lets the then side match`;
  return value !== null && !/^[0-9]+$/.test(value) ? ` (Dubbo 3.x reads ${showValue(value)} as 0)` : "";
}

/** For patterns that did not match: why a 3.x range did not, when it was unusable. */
function failedRangeNotes(patterns: readonly string[], value: string | null, ctx: PatternContext): string {
  if (ctx.semantics !== "3.x" || value === null) return "";
  const notes: string[] = [];
  for (const p of patterns) {
    if (!p.includes("~")) continue;
    const r = rangeOutcome(p, value, ctx.isWhen);
    if (r.problem !== null) notes.push(`"${p}" is unusable (${problemText(r.problem)}), which never matches on the when side`);
    else if (!/^[0-9]+$/.test(value)) notes.push(`Dubbo 3.x reads ${showValue(value)} as 0 for "${p}"`);
  }
  return notes.length > 0 ? ` (${notes.join("; ")})` : "";
}

function problemText(problem: RangeProblem): string {
  switch (problem) {
    case "value-too-large":
      return "the value is past int range";
    case "not-a-range":
      return "Dubbo 3.x cannot read an open upper bound such as 100~";
    case "open-both-ends":
      return "no bound on either side of ~";
    case "bound-too-large":
      return "a bound is past int range";
  }
}
