/**
 * The HTTP contract of the audit trail: GET /api/v1/audit, GET /api/v1/routes/{id}/history
 * and POST /api/v1/routes/{id}/rollback. Shared by the handlers and the browser client.
 *
 * An entry records one change the console made (a route written, a config-center rule
 * written, a method invoked): who, when, from where, what, and the state before and after.
 */
import { z } from "zod";
import { choiceParam, instantParam, textParam, wholeNumberParam } from "./query-params";
import { routeSchema } from "./routing/routes";

/** What an entry records. `route.priority` is an edit that changed only the priority. */
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
  "config.create",
  "config.replace",
  "config.delete",
  "config.enable",
  "config.disable",
  "tag-route.create",
  "tag-route.edit",
  "tag-route.enable",
  "tag-route.disable",
  "tag-route.delete",
  "tag-route.rollback",
  "gray.start",
  "gray.step",
  "gray.return",
  "gray.end",
  "qos.offline",
  "qos.online",
  "proto.upload",
  "proto.delete",
  "invoke",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** An entry id: the audit node's ZooKeeper sequence, ten digits, zero-padded; later entries have greater ids. */
export const auditIdSchema = z.string().regex(/^\d{10}$/, "an audit id is the ten digits of an entry's id");

export const auditActorSchema = z.object({
  name: z.string(),
  role: z.string(),
  via: z.enum(["session", "token", "anonymous"]),
  address: z.string(),
});

/** The route an entry is about. */
export const auditRouteSchema = z.object({
  /**
   * The route's identity across edits: registry, service directory, group, version and
   * name; for a named route it is its (stable) id, for one without a name or sharing it, its
   * fingerprint id changes with every edit and the key does not. Opaque; pass it as `route=` to filter.
   */
  key: z.string(),
  /** The key before a rename, when the edit renamed the route. */
  previousKey: z.string().optional(),
  name: z.string(),
  /** The route's id after the change; for a delete, its id before. */
  id: z.string(),
});

/**
 * What an invocation entry records of the call. Arguments and result may be cut short
 * (`truncated`). They are answered only to roles that may invoke: for others both are left
 * out and `withheld` is true (the server strips them; see docs/api.md).
 */
export const auditInvocationSchema = z.object({
  method: z.string(),
  parameterTypes: z.array(z.string()).optional(),
  /** The arguments sent; absent when withheld. */
  args: z.unknown().optional(),
  /** The value answered, or the Java exception the method threw; absent when withheld. */
  result: z.unknown().optional(),
  /** Set when the arguments and result were left out of this answer because the reader's role may not invoke. */
  withheld: z.literal(true).optional(),
  /** `host:port` of the provider that answered; null when none did. */
  provider: z.string().nullable(),
  elapsedMs: z.number().nonnegative(),
});

export const auditEntrySchema = z.object({
  id: auditIdSchema,
  /** When the change was made, ms since the epoch (the writing console's clock). */
  at: z.number().int().nonnegative(),
  actor: auditActorSchema,
  kind: z.enum(AUDIT_KINDS),
  /** The service key, `group/interface:version`; for an application-scoped config rule, the application. */
  service: z.string(),
  route: auditRouteSchema.optional(),
  /** One line for people. */
  summary: z.string(),
  /** The route or rule as the API showed it before the change (null: there was none); null for an invocation. */
  before: z.unknown(),
  /** The same after the change (null: deleted); null for an invocation. */
  after: z.unknown(),
  invocation: auditInvocationSchema.optional(),
  /** `error`: an invocation that failed (a route change is recorded only when it was made). */
  outcome: z.enum(["ok", "error"]),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  /** Present when a large field was cut to keep the entry within its size cap: that field holds a prefix of its JSON text. */
  truncated: z.literal(true).optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
/** An entry before ZooKeeper gives it its id. */
export type AuditDraft = Omit<AuditEntry, "id">;

export const AUDIT_DEFAULT_LIMIT = 50;
export const AUDIT_MAX_LIMIT = 500;

/** The filters GET /api/v1/audit and its export share. */
export const auditFilterSchema = z.object({
  /**
   * Part of a service key (`group/interface:version`), case-insensitive: an interface alone,
   * a package prefix, `demo/` for a group. Entries whose service key contains it.
   */
  service: textParam("service", { max: 1_000 }),
  /** An actor's name. */
  user: textParam("user", { max: 200 }),
  kind: choiceParam("kind", AUDIT_KINDS),
  /** A route key (an entry's `route.key`). */
  route: textParam("route", { max: 4_000 }),
  /** Entries at or after this instant (ISO 8601 with offset, or ms since the epoch). */
  from: instantParam("from"),
  /** Entries at or before this instant (inclusive). */
  to: instantParam("to"),
});

export const auditQuerySchema = auditFilterSchema.extend({
  /** `nextCursor` of the page before: entries older than it. */
  cursor: z
    .string({ error: "cursor must be the nextCursor of a page" })
    .regex(/^\d{10}$/, "cursor must be the nextCursor of a page (ten digits)")
    .optional(),
  limit: wholeNumberParam("limit", { min: 1, max: AUDIT_MAX_LIMIT, fallback: AUDIT_DEFAULT_LIMIT }),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;
export type AuditFilterQuery = z.output<typeof auditFilterSchema>;

/** The formats of GET /api/v1/audit/export. */
export const AUDIT_EXPORT_FORMATS = ["csv", "jsonl"] as const;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];

/** GET /api/v1/audit/export: the filters of the list and the format (`csv` when left out). */
export const auditExportQuerySchema = auditFilterSchema.extend({
  format: choiceParam("format", AUDIT_EXPORT_FORMATS).default("csv"),
});
export type AuditExportQuery = z.output<typeof auditExportQuerySchema>;

/**
 * How far back the trail goes, whatever the filters: the oldest entry kept, how many are
 * held, the cap (CONSOLE_AUDIT_MAX), and whether older entries are gone (the trail is at
 * its cap, or its oldest id shows entries before it were removed: ids are ZooKeeper's
 * sequence, which counts every entry ever made under the path).
 */
export const auditTrailSpanSchema = z.object({
  count: z.number().int().nonnegative(),
  max: z.number().int().positive(),
  oldest: z.object({ id: auditIdSchema, at: z.number() }).nullable(),
  rotated: z.boolean(),
});
export type AuditTrailSpan = z.infer<typeof auditTrailSpanSchema>;

/** A page of entries, newest first; `nextCursor` fetches the next (older) page, null on the last. */
export const auditResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: auditIdSchema.nullable(),
  span: auditTrailSpanSchema,
});
export type AuditResponse = z.infer<typeof auditResponseSchema>;

/** A route's history: every entry about it, newest first. */
export const routeHistoryResponseSchema = z.object({ entries: z.array(auditEntrySchema) });
export type RouteHistoryResponse = z.infer<typeof routeHistoryResponseSchema>;

/** POST /api/v1/routes/{id}/rollback: restore the route to the `before` of entry `auditId`. */
export const rollbackBodySchema = z.strictObject({
  auditId: auditIdSchema,
  /** Restore even when the restored state leaves a registered consumer with no provider (else 409 `strands_consumers`). */
  allowStranding: z.boolean({ error: "allowStranding must be true or false" }).optional(),
});
/** The body as a client writes it (`allowStranding` may be left out). */
export type RollbackBody = z.input<typeof rollbackBodySchema>;

/** The rollback's answer: the route as restored, or null when the rollback deleted it (it undid a create). */
export const rollbackResponseSchema = z.object({ route: routeSchema.nullable() });
export type RollbackResponse = z.infer<typeof rollbackResponseSchema>;
