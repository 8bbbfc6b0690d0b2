import { ApiError } from "./fetch-json";

/**
 * The words of a change refused with 409 `conflict` because what it was based on changed
 * since it was read (another edit, or the copy the registry brings back moving the revision):
 * the lists refetch after every write, so confirming again acts on it as it is now. Any
 * other error keeps its own message; null for none.
 */
export function changeErrorText(error: Error | null): string | null {
  if (error === null) return null;
  if (error instanceof ApiError && error.code === "conflict") return `It changed since it was read (${error.message}). The list is read again: confirm again to act on it as it is now.`;
  return error.message;
}
