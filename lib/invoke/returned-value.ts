/**
 * How the Invoke page shows what a method returned. Dubbo's answer cannot tell a `void`
 * method from one that returned null: both come back as RESPONSE_NULL_VALUE (DubboCodec
 * writes that flag whenever the result is null). Only the method's signature in the
 * metadata report says which it was, so the answer carries its `returnType` (null when no
 * service definition describes the method).
 */
export type ReturnedValue =
  /** The method is declared `void`: it ran and has no value to give. */
  | { readonly kind: "void"; readonly text: string }
  /** A method with a return type returned null. */
  | { readonly kind: "null"; readonly text: "null" }
  /** Nothing came back and the return type is unknown: void, or a null value. */
  | { readonly kind: "none"; readonly text: string }
  /** A value, as indented JSON. */
  | { readonly kind: "value"; readonly text: string };

/** What is said for a `void` method's answer. */
export const VOID_TEXT = "void — the call completed, no value";
/** What is said when nothing came back and no metadata gives the return type. */
export const NO_VALUE_TEXT = "no value returned (the return type is unknown: void, or a null value)";

/** Whether a Java return type is `void` (the primitive; `java.lang.Void` returns null, a value of its type). */
function isVoid(returnType: string | null): boolean {
  return returnType !== null && returnType.trim() === "void";
}

/** What to show for `value`, answered by a method whose metadata return type is `returnType` (null: unknown). */
export function returnedValue(value: unknown, returnType: string | null): ReturnedValue {
  // A value is shown whatever the metadata says (a definition older than the provider's code).
  if (value !== null && value !== undefined) return { kind: "value", text: JSON.stringify(value, null, 2) };
  if (isVoid(returnType)) return { kind: "void", text: VOID_TEXT };
  return returnType === null ? { kind: "none", text: NO_VALUE_TEXT } : { kind: "null", text: "null" };
}
