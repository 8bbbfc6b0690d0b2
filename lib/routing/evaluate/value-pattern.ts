import { javaRawParameter, type JavaUrl } from "../url/route-url";
import type { DubboRelease } from "../../dubbo/dubbo-release";

/**
 * How one pattern of a condition is tested against a value: `UrlUtils.isMatchGlobPattern`
 * in 2.7.23, and in 3.3 the first `ValuePattern` that takes it (`RangeValuePattern` for a
 * pattern containing `~`, else `WildcardValuePattern`, which is the same glob).
 */

/** What a pattern test needs besides the pattern and value. */
export interface PatternContext {
  readonly semantics: DubboRelease;
  /** The consumer URL on the then side (`$name` reads it); null on the when side, where `$name` is literal. */
  readonly param: JavaUrl | null;
  readonly isWhen: boolean;
}

/** Whether `pattern` matches `value`. */
export function patternMatches(pattern: string, value: string, ctx: PatternContext): boolean {
  if (ctx.semantics === "3.x" && pattern.includes("~")) return rangeMatches(pattern, value, ctx.isWhen);
  return globMatches(resolvePattern(pattern, ctx), value);
}

/** `$name` on the then side stands for the consumer's `getRawParameter(name)` (null when absent). */
export function resolvePattern(pattern: string, ctx: PatternContext): string | null {
  return ctx.param !== null && pattern.startsWith("$") ? javaRawParameter(ctx.param, pattern.slice(1)) : pattern;
}

/**
 * `UrlUtils.isMatchGlobPattern(pattern, value)`: `*` anything; both empty (or null) match,
 * one empty does not; no `*` is equality; otherwise the LAST `*` splits prefix and suffix
 * (so `a*b*` is the prefix `a*b`).
 */
export function globMatches(pattern: string | null, value: string): boolean {
  if (pattern === "*") return true;
  const emptyPattern = pattern === null || pattern === "";
  if (emptyPattern || value === "") return emptyPattern && value === "";
  const star = pattern.lastIndexOf("*");
  if (star === -1) return value === pattern;
  const suffix = pattern.length - star - 1;
  return startsWithPart(value, pattern, 0, star) && startsWithPart(value, pattern, star + 1, suffix, true);
}

/**
 * Whether `value` starts (or, `atEnd`, ends) with `pattern.slice(from, from + length)`,
 * without making that slice: a preview tests the same few patterns on thousands of values.
 */
function startsWithPart(value: string, pattern: string, from: number, length: number, atEnd = false): boolean {
  if (length > value.length) return false;
  const offset = atEnd ? value.length - length : 0;
  for (let i = 0; i < length; i++) if (value.charCodeAt(offset + i) !== pattern.charCodeAt(from + i)) return false;
  return true;
}

/** What went wrong with a range pattern or its value, when Java falls back to its default. */
export type RangeProblem = "value-too-large" | "not-a-range" | "open-both-ends" | "bound-too-large";

/** A range test's result, and the problem that made Java fall back, if any. */
export interface RangeOutcome {
  readonly matched: boolean;
  readonly problem: RangeProblem | null;
  /** The value as the range compares it: Dubbo reads anything that is not all digits as 0. */
  readonly number: number | null;
}

/** `RangeValuePattern.match`: the boolean alone. */
function rangeMatches(pattern: string, value: string, isWhen: boolean): boolean {
  return rangeOutcome(pattern, value, isWhen).matched;
}

/**
 * `RangeValuePattern.match` (3.3): `a~b`, `~b`, `a~` compared as ints; a value or bound
 * that is not all ASCII digits reads as 0 (`StringUtils.parseInteger`, so `-5` is 0); one
 * past int range throws, and any error — or a pattern with fewer than two parts after
 * Java's split — gives `true` on the then side and `false` on the when side.
 */
export function rangeOutcome(pattern: string, value: string, isWhen: boolean): RangeOutcome {
  const fallback = (problem: RangeProblem, number: number | null): RangeOutcome => ({ matched: !isWhen, problem, number });
  const n = parseDubboInteger(value);
  if (n === null) return fallback("value-too-large", null);
  const parts = javaSplit(pattern, "~");
  if (parts.length < 2) return fallback("not-a-range", n);
  const [rawStart, rawEnd] = [parts[0]!, parts[1]!];
  if (rawStart === "" && rawEnd === "") return fallback("open-both-ends", n);
  const start = rawStart === "" ? null : parseDubboInteger(rawStart);
  const end = rawEnd === "" ? null : parseDubboInteger(rawEnd);
  if ((rawStart !== "" && start === null) || (rawEnd !== "" && end === null)) return fallback("bound-too-large", n);
  const matched = (start === null || n >= start) && (end === null || n <= end);
  return { matched, problem: null, number: n };
}

/** `StringUtils.parseInteger` (3.3): all ASCII digits → the int, else 0; null where `Integer.parseInt` would overflow. */
function parseDubboInteger(s: string): number | null {
  if (!/^[0-9]+$/.test(s)) return 0;
  const n = Number(s);
  return n <= 2147483647 ? n : null;
}

/** `String.split(sep)` for a one-char separator: Java drops trailing empty strings. */
function javaSplit(s: string, sep: string): string[] {
  const parts = s.split(sep);
  while (parts.length > 0 && parts[parts.length - 1] === "") parts.pop();
  return parts;
}
