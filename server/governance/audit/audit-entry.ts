import { type AuditDraft, type AuditEntry, auditEntrySchema } from "@/lib/api/audit";
import { safeSummary } from "@/lib/audit/summary-text";

/**
 * How an audit entry is stored: one ZooKeeper node per entry, `{path}/e-{sequence}`, whose
 * data is the entry's JSON without its id (the sequence ZooKeeper gives the node is the id).
 * Pure: encoding with the size cap, and reading a node back.
 */

/** The prefix of an entry's node name; ZooKeeper appends the ten-digit sequence. */
export const AUDIT_NODE_PREFIX = "e-";

/** The most bytes of JSON one entry may take; larger fields are cut (ZooKeeper's own limit is 1 MiB per node). */
export const AUDIT_ENTRY_MAX_BYTES = 64 * 1024;

/** How much of a cut field's JSON text is kept. */
const CUT_FIELD_CHARS = 4 * 1024;

const NODE = /^e-(\d{10})$/;

/** The entry id of a child of the audit path, or null for a child that is not an entry. */
export function auditIdOfNode(name: string): string | null {
  return NODE.exec(name)?.[1] ?? null;
}

/**
 * The data of an entry's node: its JSON, within `maxBytes`. When too large, the largest
 * fields (invocation result and arguments, then after and before) are replaced by a prefix
 * of their JSON text, one at a time until it fits, and `truncated: true` is set. The
 * summary is stored safe (lib/audit/summary-text.ts: one line, escaped, bounded).
 */
export function encodeAuditDraft(draft: AuditDraft, maxBytes = AUDIT_ENTRY_MAX_BYTES): Buffer {
  let entry: AuditDraft = { ...draft, summary: safeSummary(draft.summary) };
  let data = Buffer.from(JSON.stringify(entry), "utf8");
  for (const cut of CUTS) {
    if (data.length <= maxBytes) return data;
    entry = { ...cut(entry), truncated: true };
    data = Buffer.from(JSON.stringify(entry), "utf8");
  }
  if (data.length <= maxBytes) return data;
  // Only the summary and names are left to be large (a huge route name or service key): cut the summary too.
  return Buffer.from(JSON.stringify({ ...entry, summary: entry.summary.slice(0, CUT_FIELD_CHARS) }), "utf8");
}

const CUTS: ((e: AuditDraft) => AuditDraft)[] = [
  (e) => (e.invocation ? { ...e, invocation: { ...e.invocation, result: prefix(e.invocation.result) } } : e),
  (e) => (e.invocation ? { ...e, invocation: { ...e.invocation, args: prefix(e.invocation.args) } } : e),
  (e) => ({ ...e, after: prefix(e.after) }),
  (e) => ({ ...e, before: prefix(e.before) }),
];

/** A prefix of `value`'s JSON text, as a string; null stays null. */
function prefix(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  const text = JSON.stringify(value) ?? "";
  return text.length <= CUT_FIELD_CHARS ? text : `${text.slice(0, CUT_FIELD_CHARS)}…`;
}

/** Why a node could not be read as an entry. */
export type AuditReadProblem = { readonly node: string; readonly reason: string };

/**
 * The entry node `name` holds `data`; a problem (not JSON, not an entry) when it does not.
 * Never throws. The summary is made safe again: any ZooKeeper client that may write the
 * trail's path could have written the node.
 */
export function decodeAuditNode(name: string, data: Buffer): AuditEntry | AuditReadProblem {
  const id = auditIdOfNode(name);
  if (id === null) return { node: name, reason: "not an audit entry's name" };
  let json: unknown;
  try {
    json = JSON.parse(data.toString("utf8"));
  } catch (e) {
    return { node: name, reason: `not JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  const parsed = auditEntrySchema.safeParse(typeof json === "object" && json !== null ? { ...json, id } : json);
  if (!parsed.success) return { node: name, reason: parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "entry"}: ${i.message}`).join("; ") };
  return { ...parsed.data, summary: safeSummary(parsed.data.summary) };
}

export function isAuditEntry(read: AuditEntry | AuditReadProblem): read is AuditEntry {
  return "kind" in read;
}
