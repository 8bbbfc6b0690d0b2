import type { Draft, Place } from "./draft";
import type { FieldIssue } from "./field-issue";
import { type FieldSpec, isNullable, isScalar, type ScalarSpec, type TypeResolver } from "./field-spec";
import { setOwn } from "../own-property";
import { scalarToJson } from "../scalar-value";

/** What a POJO property left absent encodes to: nothing, so it is left out of its object. */
export const OMITTED: unique symbol = Symbol("omitted");

type Path = readonly (string | number)[];

/**
 * Turns drafts into the JSON the invoke API takes, collecting every problem. It never
 * gives up: a value that does not fit is sent as the text the operator typed, so the
 * JSON view shows what the form holds and reading it back gives the same form (with the
 * same errors). Only JSON without issues is sent.
 */
export class DraftEncoder {
  readonly issues: FieldIssue[] = [];

  constructor(private readonly types: TypeResolver) {}

  encode(spec: FieldSpec, draft: Draft, place: Place, path: Path): unknown {
    if (draft.presence !== "given") return this.missing(spec, draft, place, path);
    switch (draft.kind) {
      case "scalar":
        return isScalar(spec) ? this.scalar(spec, draft.text, path) : this.mismatch(spec, path);
      case "list":
        return spec.kind === "list" ? this.list(spec.element, draft.items, path) : this.mismatch(spec, path);
      case "map":
        return spec.kind === "map" ? this.map(spec, draft.entries, path) : this.mismatch(spec, path);
      case "object":
        return spec.kind === "object" ? this.object(spec, draft, path) : this.mismatch(spec, path);
      case "json":
        return this.json(draft.text, path);
    }
  }

  private missing(spec: FieldSpec, draft: Draft, place: Place, path: Path): unknown {
    if (draft.presence === "absent" && place === "property") return OMITTED;
    if (!isNullable(spec)) {
      this.issues.push({ path, message: `Required: a ${spec.type} cannot be null`, required: draft.presence === "absent" });
    }
    return null;
  }

  private scalar(spec: ScalarSpec, text: string, path: Path): unknown {
    const converted = scalarToJson(spec, text);
    if (converted.ok) return converted.value;
    this.issues.push({ path, message: converted.message, required: false });
    return text;
  }

  private list(elementType: string, items: readonly Draft[], path: Path): unknown[] {
    const element = this.types.spec(elementType);
    return items.map((item, i) => this.encode(element, item, "element", [...path, i]));
  }

  private map(spec: Extract<FieldSpec, { kind: "map" }>, entries: readonly { key: string; value: Draft }[], path: Path): Record<string, unknown> {
    const keySpec = this.types.spec(spec.key);
    const valueSpec = this.types.spec(spec.value);
    const out: Record<string, unknown> = {};
    const seen = new Set<string>();
    for (const { key, value } of entries) {
      const at = [...path, key];
      if (seen.has(key)) this.issues.push({ path: at, message: `The key ${JSON.stringify(key)} is there twice; a map holds each key once`, required: false });
      seen.add(key);
      if (isScalar(keySpec)) {
        const checked = scalarToJson(keySpec, key);
        if (!checked.ok) this.issues.push({ path: at, message: `Key: ${checked.message}`, required: false });
      }
      setOwn(out, key, this.encode(valueSpec, value, "element", at));
    }
    return out;
  }

  private object(spec: Extract<FieldSpec, { kind: "object" }>, draft: Extract<Draft, { kind: "object" }>, path: Path): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const property of spec.properties) {
      if (!Object.hasOwn(draft.fields, property.name)) continue;
      const field = draft.fields[property.name]!;
      const value = this.encode(this.types.spec(property.type), field, "property", [...path, property.name]);
      if (value !== OMITTED) setOwn(out, property.name, value);
    }
    for (const [name, value] of Object.entries(draft.extra)) if (!Object.hasOwn(out, name)) setOwn(out, name, value);
    return out;
  }

  private json(text: string, path: Path): unknown {
    try {
      return JSON.parse(text) as unknown;
    } catch (e) {
      this.issues.push({ path, message: `Not valid JSON: ${e instanceof Error ? e.message : String(e)}`, required: false });
      return text;
    }
  }

  /** A draft of another shape than its spec: cannot come from the form, only from a bug. */
  private mismatch(spec: FieldSpec, path: Path): null {
    this.issues.push({ path, message: `The form holds no ${spec.kind} here; fill the field in again`, required: false });
    return null;
  }
}
