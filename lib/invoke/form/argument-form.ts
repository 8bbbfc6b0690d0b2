import { JsonDecoder } from "../decode-json";
import { type Draft, emptyDraft } from "./draft";
import { DraftEncoder } from "./encode-draft";
import type { FieldIssue } from "./field-issue";
import type { TypeResolver } from "./field-spec";

/**
 * The invoke form's arguments as a whole: one draft per parameter of the method, turned
 * into the API's `args` array and read back from it. The form and its JSON view are kept
 * in sync through these two functions.
 */

/** The drafts a method's form starts with. */
export function emptyArguments(parameterTypes: readonly string[], types: TypeResolver): Draft[] {
  return parameterTypes.map((t) => emptyDraft(types.spec(t), "argument"));
}

/** The `args` array of the drafts, and every problem in them (the array is sent only without any). */
export function encodeArguments(parameterTypes: readonly string[], drafts: readonly Draft[], types: TypeResolver): { args: unknown[]; issues: FieldIssue[] } {
  const encoder = new DraftEncoder(types);
  const args = parameterTypes.map((t, i) => encoder.encode(types.spec(t), drafts[i] ?? emptyDraft(types.spec(t), "argument"), "argument", [i]));
  return { args, issues: encoder.issues };
}

export type DecodedArguments =
  | { readonly ok: true; readonly drafts: Draft[] }
  | { readonly ok: false; readonly path: readonly (string | number)[]; readonly message: string };

/** The drafts of an `args` array (one element per parameter), or where the form cannot hold it. */
export function decodeArguments(parameterTypes: readonly string[], args: readonly unknown[], types: TypeResolver): DecodedArguments {
  if (args.length !== parameterTypes.length) return { ok: false, path: [], message: `The method takes ${parameterTypes.length} arguments; got ${args.length}` };
  const decoder = new JsonDecoder(types);
  const drafts: Draft[] = [];
  for (const [i, type] of parameterTypes.entries()) {
    const decoded = decoder.decode(types.spec(type), args[i], "argument", [i]);
    if (!decoded.ok) return decoded;
    drafts.push(decoded.draft);
  }
  return { ok: true, drafts };
}
