/**
 * Mock as Dubbo consumers read it: the method parameter `{method}.mock` on the consumer's
 * directory URL (MockClusterInvoker, 2.7.23 and 3.3.6 alike), set by a consumer-side override:
 * - `force:return <value>`: the consumer answers `<value>` without calling any provider;
 * - `fail:return <value>`: it calls, and answers `<value>` when the call fails (not for a
 *   business exception the provider threw);
 * - `force:throw <class>` / `fail:throw <class>`: the same with that exception (no class: an
 *   RpcException).
 * `<value>` as MockInvoker.parseMockValue reads it: `null`, `true`/`false`, a number, JSON
 * object or array (realized to the return type), or a string in double quotes (Dubbo strips
 * the first and last character and takes the rest as is, unescaped). Pure, browser-safe.
 */

export type MockMode = "force" | "fail";

export interface MockDraft {
  readonly method: string;
  readonly mode: MockMode;
  /** The value answered (a JSON value); undefined when the mock throws. */
  readonly returns?: unknown;
  /** The exception class thrown ("" for Dubbo's RpcException); undefined when the mock returns. */
  readonly throws?: string;
}

/** The override parameter of a method's mock. */
export function mockKey(method: string): string {
  return `${method}.mock`;
}

/** The parameter value of `draft` (see the file's comment). */
export function mockValue(draft: MockDraft): string {
  if (draft.throws !== undefined) return draft.throws === "" ? `${draft.mode}:throw` : `${draft.mode}:throw ${draft.throws}`;
  return `${draft.mode}:return ${returnText(draft.returns)}`;
}

function returnText(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (typeof v === "string") return `"${v}"`;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return JSON.stringify(v);
}

const VALUE = /^(force|fail):(return|throw)(?: (.*))?$/s;

/** Reads a `{method}.mock` parameter back into a draft; null when it is not a form this file writes. */
export function readMock(key: string, value: string): MockDraft | null {
  if (!key.endsWith(".mock") || key.length <= 5) return null;
  const method = key.slice(0, -5);
  const m = VALUE.exec(value.trim());
  if (!m) return null;
  const mode = m[1] as MockMode;
  if (m[2] === "throw") return { method, mode, throws: m[3] ?? "" };
  const text = m[3];
  if (text === undefined) return null;
  if (text === "null") return { method, mode, returns: null };
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) return { method, mode, returns: text.slice(1, -1) };
  try {
    return { method, mode, returns: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}
