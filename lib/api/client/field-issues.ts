import { z } from "zod";
import { ApiError } from "./fetch-json";

const issuesSchema = z.array(z.object({ path: z.string(), message: z.string() }));

/**
 * The messages of a 400 `validation_failed` answer by the body field they name (the first
 * part of the issue's path: `hosts.1` is `hosts`), so a form shows each beside its field;
 * empty for any other error. `(body)` and unnamed issues are under "".
 */
export function fieldIssues(error: Error | null): ReadonlyMap<string, readonly string[]> {
  const byField = new Map<string, string[]>();
  if (!(error instanceof ApiError) || error.code !== "validation_failed") return byField;
  const parsed = issuesSchema.safeParse(error.details.issues);
  if (!parsed.success) return byField;
  for (const issue of parsed.data) {
    const head = issue.path.split(".")[0] ?? "";
    const field = head.startsWith("(") ? "" : head;
    byField.set(field, [...(byField.get(field) ?? []), issue.message]);
  }
  return byField;
}

/** The messages of `issues` for fields a form does not show (so they are not lost): "" and any not in `shown`. */
export function otherIssues(issues: ReadonlyMap<string, readonly string[]>, shown: readonly string[]): string[] {
  return [...issues].filter(([field]) => !shown.includes(field)).flatMap(([, messages]) => messages);
}
