/**
 * Access rules in words, for the Access tab: what a rule does ("blocks applications a, b";
 * "allows only hosts 10.0.0.1 and applications a") and who blocks a previewed consumer.
 * Pure and browser-safe.
 */
import type { AccessDraft } from "./access-rule";

/** The consumers a rule names: "applications a, b", "hosts 10.0.0.1", both joined by "and" (allow). */
export function accessListsText(rule: Pick<AccessDraft, "hosts" | "applications">): string {
  const parts = [...(rule.hosts.length > 0 ? [`${rule.hosts.length === 1 ? "host" : "hosts"} ${rule.hosts.join(", ")}`] : []), ...(rule.applications.length > 0 ? [`${rule.applications.length === 1 ? "application" : "applications"} ${rule.applications.join(", ")}`] : [])];
  return parts.join(" and ");
}

/** "blocks application a", "allows only host 10.0.0.1 and application b". */
export function accessRuleWords(rule: AccessDraft): string {
  return `${rule.mode === "block" ? "blocks" : "allows only"} ${accessListsText(rule)}`;
}

/**
 * Who blocks a consumer in the preview's words: `by` is "draft" (this rule), the id of a
 * saved rule (described by `rules`), or null (no rule: it keeps its providers).
 */
export function blockedByText(by: string | null, rules: readonly (AccessDraft & { readonly id: string })[]): string | null {
  if (by === null) return null;
  if (by === "draft") return "this rule";
  const rule = rules.find((r) => r.id === by);
  return rule ? `the saved rule that ${accessRuleWords(rule)}` : "another saved access rule";
}
