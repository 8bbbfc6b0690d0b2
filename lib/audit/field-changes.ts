/**
 * What an audit entry changed, field by field, for a readable diff: the fields whose value
 * differs between `before` and `after`, the ones a reader cares about first. Pure.
 */

/** One field's change; `before` or `after` is undefined where the field is absent on that side. */
export interface FieldChange {
  readonly field: string;
  readonly before: unknown;
  readonly after: unknown;
}

/**
 * Fields that change with every edit of a route and say nothing a reader can act on (an id,
 * a revision, the encoded node and URL): left out of the diff.
 */
export const HIDDEN_FIELDS: ReadonlySet<string> = new Set(["id", "revision", "node", "url"]);

/** The order of the fields a reader looks for first; the others follow alphabetically. */
const FIELD_ORDER = ["name", "enabled", "priority", "force", "runtime", "rule", "conditions", "scope", "key", "targets", "configCenter", "method", "parameterTypes", "args", "arguments", "provider", "result"];

function rank(field: string): number {
  const i = FIELD_ORDER.indexOf(field);
  return i === -1 ? FIELD_ORDER.length : i;
}

function byReadingOrder(a: string, b: string): number {
  return rank(a) - rank(b) || a.localeCompare(b);
}

/** Deep equality of JSON values, key order ignored. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const rb = b as Record<string, unknown>;
  return ka.length === kb.length && ka.every((k) => k in rb && sameJson((a as Record<string, unknown>)[k], rb[k]));
}

/** A side of a change as fields: an object's own, none for null or absence, else one field `value`. */
function asFields(side: unknown): Readonly<Record<string, unknown>> | null {
  if (side === null || side === undefined) return null;
  if (typeof side === "object" && !Array.isArray(side)) return side as Record<string, unknown>;
  return { value: side };
}

/**
 * The fields that differ between `before` and `after` (either may be null: a creation has
 * no before, a deletion no after, and then every field is a change), in reading order,
 * without {@link HIDDEN_FIELDS}. A side that is not an object counts as one field `value`.
 */
export function fieldChanges(beforeSide: unknown, afterSide: unknown): FieldChange[] {
  const before = asFields(beforeSide);
  const after = asFields(afterSide);
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: FieldChange[] = [];
  for (const field of [...fields].sort(byReadingOrder)) {
    if (HIDDEN_FIELDS.has(field)) continue;
    const b = before?.[field];
    const a = after?.[field];
    if (!sameJson(b, a)) changes.push({ field, before: b, after: a });
  }
  return changes;
}

/** A value as one short line of text: strings as they are, lists joined, objects as compact JSON, absence as an em dash. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return "—";
  if (typeof value === "string") return value === "" ? "(empty)" : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== "object" || v === null)) return value.length === 0 ? "(none)" : value.map((v) => valueText(v)).join(", ");
  return JSON.stringify(value);
}
