import { JavaDouble, javaStringOf } from "./snake-yaml";

/**
 * Reading the fields of a condition rule's loaded YAML as Dubbo's Java does, and the ways
 * that fails (condition-router-yaml.ts and multi-destination-rule.ts share them).
 */

/** Why Dubbo 3.3 fails to read a rule (it logs "Failed to parse the raw condition rule" and keeps its old one). */
export type RuleYamlProblemCode =
  /** Not YAML SnakeYAML loads: a syntax error, two documents, an unknown `!tag`. */
  | "yaml_syntax"
  /** The document is empty, or not a mapping. */
  | "not_a_map"
  /** `configVersion`, `scope`, `key` or `rawRule` is not text (a ClassCastException in Java). */
  | "field_type"
  /** `priority` is not a whole number Integer.parseInt reads (`1.5`, `"high"`, beyond 32 bits). */
  | "priority_not_int"
  /** `configVersion` sorts after `v3.1`: the release reads only v3.1 and below. */
  | "unsupported_version"
  /** v3.1 `conditions` is not a list of mappings with a mapping `from` and a list of mappings `to`. */
  | "conditions_shape"
  /** A v3.1 `weight` that Integer.valueOf does not read. */
  | "weight_not_int"
  /** A condition Dubbo's condition parser refuses (blank in an enabled v3.0 rule, or refused by the rule engine). */
  | "condition_syntax"
  /** A field Dubbo prints holds itself through YAML aliases: Java's String.valueOf overflows its stack. */
  | "recursive_value";

export interface RuleYamlProblem {
  readonly code: RuleYamlProblemCode;
  readonly message: string;
  /** The field at fault (`priority`, `conditions[1].to[0].weight`); null for the whole document. */
  readonly field: string | null;
  /** 1-based line of a YAML syntax error; null otherwise. */
  readonly line: number | null;
}

/**
 * Checks one condition (`when => then`) as Dubbo 3.x's parser would; returns why it is
 * refused, or null. The rule engine (lib/routing) provides the real one; without it only
 * blank conditions are refused.
 */
export type ConditionCheck = (condition: string) => string | null;

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;

/** A failure to read, carried out of the field readers. */
export class Refusal {
  constructor(readonly problem: RuleYamlProblem) {}
}
export const refuse = (code: RuleYamlProblemCode, message: string, field: string | null = null): never => {
  throw new Refusal({ code, message, field, line: null });
};

/** `(String) map.get(name)`: null when absent, a ClassCastException for anything but text. */
export function text(map: Record<string, unknown>, name: string): string | null {
  const v = map[name];
  if (v === undefined || v === null) return null;
  if (typeof v !== "string") refuse("field_type", `${name} is ${describe(v)}; Dubbo reads it as text and fails`, name);
  return v as string;
}

/** `Boolean.parseBoolean(value.toString())`, the default when absent. */
export function flag(map: Record<string, unknown>, name: string, fallback: boolean, notes: string[]): boolean {
  const v = map[name];
  if (v === undefined || v === null) return fallback;
  const value = javaStringOf(v).toLowerCase() === "true";
  if (typeof v !== "boolean") notes.push(`${name} is ${describe(v)}: Dubbo reads it as ${value}`);
  return value;
}

/** `Integer.parseInt(value.toString())`; 0 when absent. */
export function integer(map: Record<string, unknown>, name: string): number {
  const v = map[name];
  if (v === undefined || v === null) return 0;
  return javaInt(v) ?? refuse("priority_not_int", `${name} ${JSON.stringify(javaStringOf(v))} is not a 32-bit whole number; Dubbo fails to read the rule`, name);
}

/** Integer.parseInt / Integer.valueOf of a loaded value's text; null when it fails (not digits, beyond 32 bits). */
export function javaInt(v: unknown): number | null {
  const s = javaStringOf(v);
  const n = /^[+-]?[0-9]+$/.test(s) ? Number(s) : NaN;
  return Number.isSafeInteger(n) && n >= INT_MIN && n <= INT_MAX ? n : null;
}

/** A YAML mapping (SnakeYAML's Map), not a list, scalar, timestamp or binary. */
export function isMap(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof Date) && !(v instanceof Uint8Array) && !(v instanceof JavaDouble);
}

/** `a list`, `the number 1.5`, `the text "x"`: a loaded value in words. */
export function describe(v: unknown): string {
  if (v === null || v === undefined) return "empty";
  if (typeof v === "string") return `the text ${JSON.stringify(v)}`;
  if (typeof v === "boolean") return `the boolean ${v}`;
  if (typeof v === "bigint" || typeof v === "number" || v instanceof JavaDouble) return `the number ${javaStringOf(v)}`;
  if (Array.isArray(v)) return "a list";
  if (v instanceof Date) return "a timestamp";
  if (v instanceof Uint8Array) return "binary data";
  return "a mapping";
}
