/**
 * The words of request body errors: what a field must be and what came instead
 * (`timeoutMs must be a whole number of milliseconds from 1 to 300000, got "abc"`), so no
 * zod default reaches an operator.
 */

/** How a received value is quoted in a message: strings as JSON (cut at 60 characters), anything else by its type. */
export function shown(input: unknown): string {
  if (typeof input === "string") return JSON.stringify(input.length > 60 ? `${input.slice(0, 60)}…` : input);
  return input === undefined ? "nothing" : input === null ? "null" : Array.isArray(input) ? "a list" : typeof input;
}

/** A zod error function: `${field} must be ${expected}, got …`. */
export const says = (field: string, expected: string) => (issue: { input: unknown }) => `${field} must be ${expected}, got ${shown(issue.input)}`;
