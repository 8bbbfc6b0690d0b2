import type { AuditEntry } from "@/lib/api/audit";

/**
 * What of an entry a reader may see. An invocation's arguments and result are the data a
 * provider was sent and answered (account numbers, tokens, personal data): only a role that
 * may invoke sees them (it could make the same call). For anyone else they are left out of
 * the answer itself, `withheld: true` said instead, and a business exception's message (the
 * provider's text) is cut to its Java class. Pure.
 */
export interface AuditReader {
  /** Whether the reader's role may invoke (lib/auth/roles.ts `can(role, "invoke")`). */
  readonly mayInvoke: boolean;
}

/** `entry` as `reader` may see it: the same object when nothing is withheld. */
export function entryFor(entry: AuditEntry, reader: AuditReader): AuditEntry {
  if (reader.mayInvoke || entry.invocation === undefined) return entry;
  const call = { ...entry.invocation, args: undefined, result: undefined, withheld: true as const };
  const error = entry.error?.code === "business_exception" ? { ...entry.error, message: javaClassOf(entry.error.message) } : entry.error;
  return { ...entry, invocation: call, ...(error ? { error } : {}) };
}

/** The class of a `Class: message` text (invoke-audit.ts writes business exceptions so). */
function javaClassOf(message: string): string {
  const colon = message.indexOf(":");
  return colon < 0 ? message : message.slice(0, colon);
}
