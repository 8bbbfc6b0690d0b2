import { type AuditEntry, auditEntrySchema, type AuditResponse } from "@/lib/api/audit";
import type { Route } from "@/lib/api/routing/routes";
import { contentOf, type RouteContent, send, within } from "./console-routes";
import { waitFor } from "./wait-for";
import type { TestZk } from "./zk-client";

/** The audit trail's ZooKeeper path when CONSOLE_AUDIT_PATH is not set. */
export const AUDIT_PATH = "/dubbo-console/audit";

/** A route change that was made (acknowledged, or found applied by a re-read): it must have exactly one audit entry. */
export interface MadeChange {
  readonly kind: "create" | "edit" | "delete";
  readonly name: string;
  readonly before: RouteContent | null;
  readonly after: RouteContent | null;
}

/** The entry kinds a change of each kind may be recorded as (an edit is named by what it changed). */
const KINDS: Record<MadeChange["kind"], readonly string[]> = {
  create: ["route.create"],
  edit: ["route.edit", "route.priority", "route.enable", "route.disable"],
  delete: ["route.delete"],
};

/** Every audit entry in ZooKeeper (the trail's one store), read with the test's own client, oldest first. */
export async function auditEntriesInZooKeeper(zk: TestZk): Promise<AuditEntry[]> {
  const read = async () => {
    const names = (await zk.children(AUDIT_PATH)).sort();
    const entries: AuditEntry[] = [];
    for (const name of names) {
      const data = await zk.getData(`${AUDIT_PATH}/${name}`);
      if (data !== null) entries.push(auditEntrySchema.parse({ ...JSON.parse(data), id: name.slice(2) }));
    }
    return entries;
  };
  return waitFor("ZooKeeper to answer the audit read", () => within(10_000, read()), 60_000);
}

/** Every audit entry of `service` as GET /api/v1/audit lists it, newest first, all pages. */
export async function auditEntriesFromApi(url: string, service: string): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let cursor: string | null = null;
  do {
    const page: { status: number; body: AuditResponse | null } = await send<AuditResponse>(url, "GET", `/api/v1/audit?service=${encodeURIComponent(service)}&limit=500${cursor ? `&cursor=${cursor}` : ""}`);
    if (page.status !== 200 || !page.body) throw new Error(`GET /api/v1/audit answered ${page.status}`);
    entries.push(...page.body.entries);
    cursor = page.body.nextCursor;
  } while (cursor !== null);
  return entries;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const contentOrNull = (r: unknown): RouteContent | null => (r === null ? null : contentOf(r as Route));

/**
 * Pairs every made change with one audit entry of its route (same name, a matching kind, the
 * same before and after) and says what is left over: changes without an entry, entries
 * without a change. Empty when the trail records exactly the changes made.
 */
export function auditMismatches(changes: readonly MadeChange[], entries: readonly AuditEntry[]): string[] {
  const unused = [...entries];
  const problems: string[] = [];
  for (const change of changes) {
    const at = unused.findIndex(
      (e) => e.route?.name === change.name && KINDS[change.kind].includes(e.kind) && same(contentOrNull(e.before), change.before) && same(contentOrNull(e.after), change.after),
    );
    if (at < 0) problems.push(`no entry for ${change.kind} ${change.name}: ${JSON.stringify(change.before)} -> ${JSON.stringify(change.after)}`);
    else unused.splice(at, 1);
  }
  for (const e of unused) problems.push(`entry ${e.id} (${e.kind} ${e.route?.name}) records no change that was made`);
  return problems;
}
