import type { AuditDraft } from "@/lib/api/audit";
import type { RouteChanges } from "@/lib/api/routing/routes";
import { parseRouteNode, type RouteSpec } from "@/lib/dubbo/rules/route-url";
import { ConflictError, RegistryUnavailableError } from "@/server/errors/governance-errors";
import { type ConsoleError, isConsoleError } from "@/lib/errors";
import { KeyedSerial } from "./keyed-serial";
import type { ZkSession } from "../../registry/zk/zk-session";
import type { AuditRecording } from "../audit/audit-log";
import { commitMulti, type MultiOp, type MultiOutcome, readVersioned } from "../../registry/zk/zk-writes";

/** The route store's helpers that need no state of it: the planned commit, and reading the other routes of a routers directory. */

/**
 * One write planned against the routers directory (and the config-center rules) as just
 * read; null when there is nothing to write. `copyOps` go to the config center; `audit` is
 * the entry that records the write.
 */
export type Plan = {
  readonly ops: MultiOp[];
  readonly copyOps: MultiOp[];
  readonly audit?: AuditDraft;
  readonly refused: (reason: Extract<MultiOutcome, { type: "refused" }>["reason"]) => ConsoleError;
} | null;

/** How often a write is tried again when another console write to the same routers directory came between. */
const MAX_ATTEMPTS = 8;

/**
 * One console's writes to one routers directory go one at a time (per session): they would
 * otherwise only race each other's compare-and-set. Writes of other replicas still can, so
 * a retry waits a random, growing pause first, and two replicas do not collide in step.
 */
const WRITERS = new WeakMap<ZkSession, KeyedSerial>();

/** Before retry `attempt` (1-based): a random wait up to 10 ms x 2^attempt (20 ms, 40 ms, ... 1.28 s). */
function backOff(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** attempt));
}

/** Where a planned write's audit entry goes, and where to log an entry that could not be written. */
export type PlanAudit = AuditRecording;

/**
 * Reads the routers directory, plans against its children, and commits the plan with the
 * directory's compare-and-set and the config-center rules' versions as read; plans again
 * when another write to the directory or to one of those rules came between.
 *
 * The plan's audit entry is created in the same multi when the audit trail is on the same
 * session (the first registry's), so the change and its record are made together or not at
 * all; on another registry it is recorded just after the commit (a failure then is logged,
 * and the change stands).
 */
export function commitPlanned(session: ZkSession, dirPath: string, plan: (children: readonly string[]) => Promise<Plan>, audit?: PlanAudit): Promise<void> {
  let serial = WRITERS.get(session);
  if (!serial) WRITERS.set(session, (serial = new KeyedSerial()));
  return serial.run(dirPath, () => commitWithRetries(session, dirPath, plan, audit));
}

async function commitWithRetries(session: ZkSession, dirPath: string, plan: (children: readonly string[]) => Promise<Plan>, audit?: PlanAudit): Promise<void> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (attempt > 0) await backOff(attempt);
    const dir = await readVersioned(session, dirPath);
    const children = dir === null ? [] : ((await session.getChildren(dirPath)) ?? []);
    const planned = await plan(children);
    if (planned === null) return;
    if (dir === null) throw new ConflictError(`${dirPath} was removed while saving; try again`);
    const auditOp = audit && planned.audit ? await audit.writer.opOn(session, planned.audit) : null;
    const ops: MultiOp[] = [{ type: "setData", path: dirPath, data: dir.data, version: dir.version }, ...planned.ops, ...planned.copyOps, ...(auditOp ? [auditOp] : [])];
    const outcome = await commitOrUnknown(session, ops);
    if (outcome.type === "committed") {
      if (auditOp) audit!.writer.committed();
      else if (audit && planned.audit) await recordAfter(audit, planned.audit);
      return;
    }
    if ((outcome.reason === "bad_version" && outcome.index <= 0) || outcome.index > planned.ops.length) continue;
    throw planned.refused(outcome.reason);
  }
  throw new ConflictError(`the routes under ${dirPath} or their config-center rules kept changing while saving (${MAX_ATTEMPTS} attempts); reload them and try again`);
}

/**
 * The routers-directory side of an edit: the old node removed and the new one created; an
 * unchanged node (only its copy changes) is checked instead, so that the copy is written
 * only while the route is there.
 */
export function replacementOps(dirPath: string, old: string, next: string): MultiOp[] {
  if (next === old) return [{ type: "check", path: `${dirPath}/${old}`, version: -1 }];
  return [
    { type: "remove", path: `${dirPath}/${old}`, version: -1 },
    { type: "create", path: `${dirPath}/${next}` },
  ];
}

/** Records the entry of a change already committed on another ensemble than the audit trail's; a failure is logged, not thrown. */
async function recordAfter(audit: PlanAudit, draft: AuditDraft): Promise<void> {
  try {
    await audit.writer.record(draft);
  } catch (e) {
    audit.log.error("the audit entry of a route change could not be written", { kind: draft.kind, service: draft.service, summary: draft.summary, error: String(e) });
  }
}

/** Commits `ops`; a failure after they were sent leaves the outcome unknown, and says so. */
async function commitOrUnknown(session: ZkSession, ops: readonly MultiOp[]): Promise<MultiOutcome> {
  const sent = session.state.type === "connected"; // else request() refuses at once, before sending
  try {
    return await commitMulti(session, ops);
  } catch (e) {
    if (!sent || !isConsoleError(e) || e.code !== "registry_unavailable") throw e;
    throw new RegistryUnavailableError(
      `${e.message}; the change may still be applied when ZooKeeper answers again: reload the routes before trying again`,
      { ...e.details, outcome: "unknown" },
      { cause: e },
    );
  }
}

/** The routes of `children` that Dubbo reads as URLs (it skips the others too), with their node names. */
function readable(children: readonly string[], service: string): { node: string; spec: RouteSpec }[] {
  return children.flatMap((node) => {
    try {
      return [{ node, spec: parseRouteNode(node, service).spec }];
    } catch {
      return [];
    }
  });
}

/** The child of `children` that is a route of the same service, group, version and name as `spec`. */
export function sameName(children: readonly string[], spec: Pick<RouteSpec, "service" | "name" | "group" | "version">): string | undefined {
  return readable(children, spec.service).find(({ spec: other }) => other.name === spec.name && other.group === spec.group && other.version === spec.version)?.node;
}

/**
 * Whether a route of `others` keeps `spec`'s config-center copy: one that is enabled, asks
 * for a copy, and has the same rule for the same service, group and version.
 */
export function sharesCopy(others: readonly string[], spec: RouteSpec): boolean {
  return readable(others, spec.service).some(
    ({ spec: o }) => o.configCenter === true && o.enabled && o.rule === spec.rule && o.group === spec.group && o.version === spec.version,
  );
}

export function duplicate(spec: RouteSpec, id: string): ConflictError {
  const key = `${spec.group ? `${spec.group}/` : ""}${spec.service}${spec.version ? `:${spec.version}` : ""}`;
  return new ConflictError(`a route named ${JSON.stringify(spec.name)} already exists for ${key}; edit it (id ${id}) or choose another name`, { id });
}

export function gone(id: string): ConflictError {
  return new ConflictError(`route ${id} is not in the registry any more: it was deleted (or renamed, or, for a route without a name of its own, edited) since it was read; reload the routes`, { id });
}

/** `changes` without the fields left out. */
export function definedOnly(changes: RouteChanges): Partial<RouteSpec> {
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<RouteSpec>;
}
