import type { FieldSpec } from "./field-spec";

/**
 * What the invoke form holds for one value while the operator edits it: the text of each
 * scalar (as typed, checked when sent), the rows of lists and maps, the properties of
 * POJOs. A draft has no spec of its own: it is read beside the {@link FieldSpec} of its
 * place, so the same tree serves every type.
 *
 * `presence` says whether a value is there at all:
 * - `given`: the value the draft holds (an empty text is the empty string for a String,
 *   and base64 of no bytes for a byte[] read from JSON);
 * - `absent`: nothing was entered: a POJO property is left out of the JSON (Java keeps
 *   the field's default), anything else is sent as null;
 * - `null`: an explicit null (read from JSON), kept as null even for a POJO property.
 */
export type Presence = "given" | "absent" | "null";

export type Draft =
  | { readonly kind: "scalar"; readonly presence: Presence; readonly text: string }
  | { readonly kind: "list"; readonly presence: Presence; readonly items: readonly Draft[] }
  | { readonly kind: "map"; readonly presence: Presence; readonly entries: readonly MapEntryDraft[] }
  | {
      readonly kind: "object";
      readonly presence: Presence;
      /** Drafts of the properties touched so far; a property without one is absent. */
      readonly fields: Readonly<Record<string, Draft>>;
      /** Members of the JSON object the metadata does not list (a `"class"` naming a subtype), sent as they came. */
      readonly extra: Readonly<Record<string, unknown>>;
    }
  | { readonly kind: "json"; readonly presence: Presence; readonly text: string };

/** A map row: the key as text (JSON object keys are strings), and the value's draft. */
export interface MapEntryDraft {
  readonly key: string;
  readonly value: Draft;
}

/** Where a value sits: an argument, a list element or map value, or a POJO property. */
export type Place = "argument" | "element" | "property";

/**
 * The draft a new field starts with. A POJO property starts absent (left out, so Java
 * keeps the field's default). An argument or a new list row starts as the empty value of
 * its type where one exists (an empty string, list, map or object, `false` for a
 * primitive boolean), otherwise absent until the operator types something.
 */
export function emptyDraft(spec: FieldSpec, place: Place): Draft {
  const presence: Presence = place === "property" ? "absent" : "given";
  switch (spec.kind) {
    case "list":
      return { kind: "list", presence, items: [] };
    case "map":
      return { kind: "map", presence, entries: [] };
    case "object":
      return { kind: "object", presence, fields: {}, extra: {} };
    case "json":
      return { kind: "json", presence: "absent", text: "" };
    case "string":
      return { kind: "scalar", presence, text: "" };
    case "boolean":
      return spec.nullable || place === "property" ? { kind: "scalar", presence: "absent", text: "" } : { kind: "scalar", presence: "given", text: "false" };
    default:
      return { kind: "scalar", presence: "absent", text: "" };
  }
}

/**
 * A scalar draft after the operator typed `text`: given, except that an empty text of any
 * kind but String (whose empty text is the empty string) is absent again.
 */
export function typedScalar(spec: FieldSpec, text: string): Draft {
  return { kind: "scalar", presence: text === "" && spec.kind !== "string" ? "absent" : "given", text };
}

/** A free-JSON draft after the operator typed `text`: absent while blank. */
export function typedJson(text: string): Draft {
  return { kind: "json", presence: text.trim() === "" ? "absent" : "given", text };
}

/** `draft` marked given: what a container becomes once one of its parts is filled in. */
export function given(draft: Draft): Draft {
  return draft.presence === "given" ? draft : { ...draft, presence: "given" };
}

/** The draft of property `name` of an object draft: its own, or the property's empty one. */
export function propertyDraft(object: Extract<Draft, { kind: "object" }>, name: string, spec: FieldSpec): Draft {
  return Object.hasOwn(object.fields, name) ? object.fields[name]! : emptyDraft(spec, "property");
}

/** `object` with property `name` set to `value`; the object becomes given when `value` is. */
export function withProperty(object: Extract<Draft, { kind: "object" }>, name: string, value: Draft): Extract<Draft, { kind: "object" }> {
  return { ...object, presence: value.presence === "given" ? "given" : object.presence, fields: { ...object.fields, [name]: value } };
}
