/**
 * The value a mock returns, as the invoke form's typed fields hold it: the method's Java
 * return type read into a field spec (lib/invoke/form/field-spec.ts), one draft for it, and
 * the JSON it is saved as (POST /api/v1/mocks `returns`), kept in sync both ways as the
 * Invoke page keeps its arguments. A `void` method returns nothing (null); an unknown return
 * type is free JSON. Pure, browser-safe.
 */
import { decodeArguments, emptyArguments, encodeArguments } from "../invoke/form/argument-form";
import type { Draft } from "../invoke/form/draft";
import type { FieldIssue } from "../invoke/form/field-issue";
import type { TypeResolver } from "../invoke/form/field-spec";

/** What a method whose return type the metadata does not say returns: any JSON value. */
const ANY = "java.lang.Object";

/** The type the form is built from: `returnType`, or free JSON when it is unknown; null for `void` (nothing to fill in). */
export function returnFormType(returnType: string | null): string | null {
  if (returnType === null) return ANY;
  const t = returnType.trim();
  return t === "void" || t === "java.lang.Void" ? null : t;
}

/** The draft a new mock's return value starts with. */
export function emptyReturnDraft(type: string, types: TypeResolver): Draft {
  return emptyArguments([type], types)[0]!;
}

/** The JSON value of `draft`, and every problem in it (issue paths start at 0, the value itself). */
export function encodeReturn(type: string, draft: Draft, types: TypeResolver): { value: unknown; issues: FieldIssue[] } {
  const { args, issues } = encodeArguments([type], [draft], types);
  return { value: args[0], issues };
}

export type DecodedReturn = { readonly ok: true; readonly draft: Draft } | { readonly ok: false; readonly message: string };

/** The draft of a returned JSON value, or where and why the form cannot hold it. */
export function decodeReturn(type: string, value: unknown, types: TypeResolver): DecodedReturn {
  const decoded = decodeArguments([type], [value], types);
  if (decoded.ok) return { ok: true, draft: decoded.drafts[0]! };
  const at = decoded.path.slice(1);
  return { ok: false, message: at.length > 0 ? `At ${at.join(".")}: ${decoded.message}` : decoded.message };
}

/** The JSON view's text of a value: indented by two spaces. */
export function returnJsonText(value: unknown): string {
  return JSON.stringify(value ?? null, null, 2);
}

/** Reads the JSON view's text as a value. */
export function parseReturnJson(text: string): { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, message: `Not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
}
