/**
 * The HTTP API of the audit trail: `GET /api/v1/audit` (newest first, filtered, paged by
 * cursor), `GET /api/v1/routes/{id}/history` (one route through all its edits) and
 * `POST /api/v1/routes/{id}/rollback` (restore the state before one entry's change).
 */
import { z } from "zod";
import { ROLES } from "../auth/roles";

/** Every kind of change the trail records. */
export const AUDIT_KINDS = [
  "route.create",
  "route.edit",
  "route.enable",
  "route.disable",
  "route.delete",
  "route.priority",
  "route.rollback",
  "config-route.create",
  "config-route.edit",
  "config-route.delete",
  "invoke",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const auditActorSchema = z.object({
  name: z.string(),
  role: z.enum(ROLES),
  via: z.enum(["session", "token", "anonymous"]),
  address: z.string(),
});

/** One recorded change: who, when, from where, what, and the state before and after it. */
export const auditEntrySchema = z.object({
  id: z.string(),
  /** When, in ms since the epoch. */
  at: z.number(),
  actor: auditActorSchema,
  kind: z.enum(AUDIT_KINDS),
  /** The service key it concerns. */
  service: z.string(),
  route: z.object({ key: z.string(), name: z.string(), id: z.string().optional() }).optional(),
  summary: z.string(),
  /** The thing before the change; null for a creation or an invocation. */
  before: z.record(z.string(), z.unknown()).nullable(),
  /** The thing after the change; null for a deletion. */
  after: z.record(z.string(), z.unknown()).nullable(),
  outcome: z.enum(["ok", "error"]),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/v1/audit's answer: `nextCursor` null on the last page. */
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** GET /api/v1/audit's filters; a field left undefined or empty is any. */
export interface AuditFilter {
  readonly service?: string;
  readonly user?: string;
  readonly kind?: AuditKind | "";
  readonly route?: string;
}

/** GET /api/v1/routes/{id}/history's answer, newest first. */
export const routeHistorySchema = z.object({ entries: z.array(auditEntrySchema) });
export type RouteHistory = z.infer<typeof routeHistorySchema>;

/** POST /api/v1/routes/{id}/rollback's body: the entry whose change to undo. */
export const rollbackBodySchema = z.strictObject({ auditId: z.string().min(1) });
export type RollbackBody = z.infer<typeof rollbackBodySchema>;
