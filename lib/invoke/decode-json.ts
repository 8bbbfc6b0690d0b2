import { type Draft, emptyDraft, type MapEntryDraft, type Place } from "./form/draft";
import { type FieldSpec, isScalar, type TypeResolver } from "./form/field-spec";
import { setOwn } from "./own-property";
import { scalarFromJson } from "./scalar-value";

type Path = readonly (string | number)[];

/**
 * A JSON value read into a draft, or where and why the form cannot hold it (an object
 * where a list belongs). A value of the right shape that is still wrong (a long given as
 * `"abc"`) is read: the form shows it with its error.
 */
export type Decoded = { readonly ok: true; readonly draft: Draft } | { readonly ok: false; readonly path: Path; readonly message: string };

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const shape = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "an array" : typeof v === "object" ? "an object" : `a ${typeof v}`);

/** The text a free-JSON field shows for `value`: one line for a scalar, indented otherwise. */
export function jsonFieldText(value: unknown): string {
  return typeof value === "object" && value !== null ? JSON.stringify(value, null, 2) : JSON.stringify(value);
}

/** Reads JSON values into drafts by their field specs. */
export class JsonDecoder {
  constructor(private readonly types: TypeResolver) {}

  decode(spec: FieldSpec, value: unknown, place: Place, path: Path): Decoded {
    if (value === null) return { ok: true, draft: { ...emptyDraft(spec, place), presence: "null" } };
    if (isScalar(spec)) {
      const text = scalarFromJson(spec, value);
      return text.ok ? { ok: true, draft: { kind: "scalar", presence: "given", text: text.value } } : { ok: false, path, message: text.message };
    }
    switch (spec.kind) {
      case "json":
        return { ok: true, draft: { kind: "json", presence: "given", text: jsonFieldText(value) } };
      case "list":
        return Array.isArray(value) ? this.list(spec, value, path) : this.wrong(spec, value, "a JSON array", path);
      case "map":
        return isPlainObject(value) ? this.map(spec, value, path) : this.wrong(spec, value, "a JSON object of its entries", path);
      case "object":
        return isPlainObject(value) ? this.object(spec, value, path) : this.wrong(spec, value, "a JSON object of its properties", path);
    }
  }

  private list(spec: Extract<FieldSpec, { kind: "list" }>, values: readonly unknown[], path: Path): Decoded {
    const element = this.types.spec(spec.element);
    const items: Draft[] = [];
    for (const [i, v] of values.entries()) {
      const item = this.decode(element, v, "element", [...path, i]);
      if (!item.ok) return item;
      items.push(item.draft);
    }
    return { ok: true, draft: { kind: "list", presence: "given", items } };
  }

  private map(spec: Extract<FieldSpec, { kind: "map" }>, value: Record<string, unknown>, path: Path): Decoded {
    const valueSpec = this.types.spec(spec.value);
    const entries: MapEntryDraft[] = [];
    for (const [key, v] of Object.entries(value)) {
      const item = this.decode(valueSpec, v, "element", [...path, key]);
      if (!item.ok) return item;
      entries.push({ key, value: item.draft });
    }
    return { ok: true, draft: { kind: "map", presence: "given", entries } };
  }

  private object(spec: Extract<FieldSpec, { kind: "object" }>, value: Record<string, unknown>, path: Path): Decoded {
    const fields: Record<string, Draft> = {};
    const extra: Record<string, unknown> = {};
    const listed = new Set(spec.properties.map((p) => p.name));
    for (const [name, v] of Object.entries(value)) if (!listed.has(name)) setOwn(extra, name, v);
    for (const property of spec.properties) {
      if (!Object.hasOwn(value, property.name)) continue;
      const field = this.decode(this.types.spec(property.type), value[property.name], "property", [...path, property.name]);
      if (!field.ok) return field;
      setOwn(fields, property.name, field.draft);
    }
    return { ok: true, draft: { kind: "object", presence: "given", fields, extra } };
  }

  private wrong(spec: FieldSpec, value: unknown, expected: string, path: Path): Decoded {
    return { ok: false, path, message: `${spec.type} is sent as ${expected}, got ${shape(value)}` };
  }
}
