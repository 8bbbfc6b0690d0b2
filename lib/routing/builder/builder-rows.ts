import type { ConditionClause } from "../parse/condition-rule";
import { parseConditionRule } from "../parse/condition-rule";
import { isConsoleError } from "../../errors";
import type { DubboRelease } from "../../dubbo/dubbo-release";

/**
 * The visual builder's model of a condition rule: rows of key / operator / values on the
 * when side and the then side, and the way between rows and rule text.
 *
 * Rows hold only what the builder can show without changing the rule's meaning: a rule
 * that needs more (a `$param` reference, a `a~b` range, `arguments[N]`, `attachments[k]`,
 * a key with no value, one of Java's parsing quirks) is "text only", and stays as typed.
 */

/** `=`: the value must match one of the patterns; `!=`: it must match none. */
export type RowOperator = "=" | "!=";

/** One condition: `key op value1,value2`. */
export interface ConditionRow {
  readonly key: string;
  readonly op: RowOperator;
  readonly values: readonly string[];
}

/** Both sides. An empty when matches every consumer; an empty then gives matched consumers no provider (a blacklist). */
export interface BuilderRule {
  readonly when: readonly ConditionRow[];
  readonly then: readonly ConditionRow[];
}

/** A rule as the builder reads it: rows, or the reason it must stay text. */
export type RowsReading = { readonly kind: "rows"; readonly rule: BuilderRule } | { readonly kind: "text-only"; readonly why: string };

/** What a key or value may hold: Java's ROUTE_PATTERN cuts at `&`, `!`, `=`, `,` and whitespace. */
const TOKEN = /^[^&!=,\s]+$/;
/** Dubbo removes these everywhere in a rule, values included, before it parses (rule-text.ts). */
const REMOVED = ["consumer.", "provider."] as const;

/** Whether a row has what the rule text needs: a key and at least one value. Incomplete rows are left out of the text. */
export function rowIsComplete(row: ConditionRow): boolean {
  return row.key.trim() !== "" && row.values.length > 0;
}

/** What is wrong with a complete row, in words; null when it can go into the rule as it is. */
export function rowProblem(row: ConditionRow): string | null {
  const key = row.key.trim();
  if (key !== "" && !TOKEN.test(key)) return `the key "${key}" holds a space or one of & ! = , which the rule grammar uses as separators`;
  for (const v of row.values) {
    if (!TOKEN.test(v)) return `the value "${v}" holds a space or one of & ! = , which the rule grammar uses as separators`;
    const removed = REMOVED.find((p) => v.includes(p));
    if (removed) return `the value "${v}" holds "${removed}", which Dubbo removes from the whole rule before reading it`;
  }
  return null;
}

/**
 * The rule text of `rule`: complete rows joined by `&`, `=>` between the sides, `false`
 * for an empty then (a blacklist); "" when no row is complete.
 */
export function rowsToRule(rule: BuilderRule): string {
  const side = (rows: readonly ConditionRow[]) =>
    rows
      .filter(rowIsComplete)
      .map((r) => `${r.key.trim()} ${r.op} ${r.values.join(",")}`)
      .join(" & ");
  const when = side(rule.when);
  const then = side(rule.then);
  if (when === "" && then === "") return "";
  return `${when === "" ? "" : `${when} `}=> ${then === "" ? "false" : then}`;
}

/** Reads `text` into rows, or says why the builder cannot show it without changing it. A blank text is an empty builder. */
export function ruleToRows(text: string, semantics: DubboRelease): RowsReading {
  if (text.trim() === "") return { kind: "rows", rule: { when: [], then: [] } };
  let parsed;
  try {
    parsed = parseConditionRule(text, semantics);
  } catch (e) {
    if (!isConsoleError(e)) throw e;
    return { kind: "text-only", why: `the rule does not parse (${e.message})` };
  }
  const why = unrepresentable(parsed.when, "when") ?? unrepresentable(parsed.then ?? [], "then");
  if (why !== null) return { kind: "text-only", why };
  const rule: BuilderRule = { when: clausesToRows(parsed.when), then: clausesToRows(parsed.then ?? []) };
  // Whatever the checks above missed: the rows must read back as the very same rule.
  const again = parseConditionRule(rowsToRule(rule) || "=> false", semantics);
  if (!sameClauses(again.when, parsed.when) || !sameClauses(again.then, parsed.then)) {
    return { kind: "text-only", why: "the builder would change what the rule means (it relies on how Dubbo's parser reads separators)" };
  }
  return { kind: "rows", rule };
}

function unrepresentable(clauses: readonly ConditionClause[], side: "when" | "then"): string | null {
  for (const c of clauses) {
    if (/^arguments\[/.test(c.key)) return `it matches call arguments (${c.key}), which only the text mode edits`;
    if (/^attachments\[/.test(c.key)) return `it matches call attachments (${c.key}), which only the text mode edits`;
    if (c.matches.length === 0 && c.mismatches.length === 0) return `the key "${c.key}" has no value to match`;
    const patterns = [...c.matches, ...c.mismatches];
    if (side === "then" && patterns.some((p) => p.startsWith("$"))) return `it refers to the consumer's parameters ($name) on the then side, which only the text mode edits`;
    if (patterns.some((p) => p.includes("~"))) return "it uses a range (a~b), which only the text mode edits";
    const problem = rowProblem({ key: c.key, op: "=", values: patterns });
    if (problem !== null) return problem;
  }
  return null;
}

function clausesToRows(clauses: readonly ConditionClause[]): ConditionRow[] {
  return clauses.flatMap((c) => [
    ...(c.matches.length > 0 ? [{ key: c.key, op: "=" as const, values: [...c.matches] }] : []),
    ...(c.mismatches.length > 0 ? [{ key: c.key, op: "!=" as const, values: [...c.mismatches] }] : []),
  ]);
}

/** Same keys with the same sets of patterns (Java holds them in maps and sets: order does not count). */
function sameClauses(a: readonly ConditionClause[] | null, b: readonly ConditionClause[] | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.length !== b.length) return false;
  const sameSet = (x: readonly string[], y: readonly string[]) => x.length === y.length && x.every((v) => y.includes(v));
  return a.every((c) => {
    const other = b.find((o) => o.key === c.key);
    return other !== undefined && sameSet(c.matches, other.matches) && sameSet(c.mismatches, other.mismatches);
  });
}
