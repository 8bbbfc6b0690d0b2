/**
 * The HTTP contract of /api/v1/routes: condition routes stored in the registry's `routers`
 * category, shared by the handlers and the browser client. Every message names the field
 * and says what was expected and what came.
 */
import { z } from "zod";
import { staleSchema } from "../registry-state";

/** The longest rule accepted, in UTF-16 code units (JavaScript's `length`). The node name holds it encoded twice. */
export const ROUTE_RULE_MAX_LENGTH = 2_000;
/** The longest route name accepted. */
export const ROUTE_NAME_MAX_LENGTH = 100;
/**
 * Where a route is published: the registry's routers category (always), and its service's
 * config-center rule, as one of its conditions (for Dubbo 3.0.5+ consumers, which ignore the
 * routers category).
 */
export const ROUTE_TARGETS = ["registry", "config-center"] as const;
export type RouteTarget = (typeof ROUTE_TARGETS)[number];

/**
 * Where a route's config-center copy stands:
 * - `present`: its rule is a condition of its service's config-center rule (then `targets`
 *   holds `config-center`), whoever put it there;
 * - `withheld`: it was saved with the config-center target but is disabled: its condition is
 *   out of the rule, and enabling it puts it back;
 * - `missing`: saved with the config-center target and enabled, but the rule lacks the
 *   condition (removed by hand since, or not read yet): saving the route puts it back;
 * - `none`: no copy asked for, and none there.
 */
export const ROUTE_COPY_STATES = ["present", "withheld", "missing", "none"] as const;
export type RouteCopyState = (typeof ROUTE_COPY_STATES)[number];

/** Who wrote a route, and whether Dubbo 2.7 consumers load it (see lib/dubbo/rules/route-url.ts). */
export const routeOriginSchema = z.object({
  /** `console`: the console's shape (the 2.5/2.6 Dubbo Admin wrote the same); `dubbo-admin`: its copies for 2.6 consumers; `other`. */
  writer: z.enum(["console", "dubbo-admin", "other"]),
  /** Whether a Dubbo 2.7 consumer of the service loads the node as a condition router once enabled. Dubbo 3.1+ never read the routers category. */
  loaded: z.boolean(),
  /** Why it is not loaded; null when it is. */
  reason: z.string().nullable(),
});

export const routeSchema = z.object({
  /**
   * Opaque, and stable across edits for a named route (one whose name no other route of its
   * service, group and version shares): it is made of the registry, service, group, version
   * and name, so renaming gives another id. A route without a name, or sharing its name, has
   * a fingerprint id, which every edit changes. A change is detected by `revision`, not by id.
   */
  id: z.string(),
  /** The registry holding it, its source as GET /api/v1/registry lists it. */
  registry: z.string(),
  /** The interface. */
  service: z.string(),
  /** '' for none. */
  group: z.string(),
  /** '' for none. */
  version: z.string(),
  name: z.string(),
  rule: z.string(),
  priority: z.number().int(),
  force: z.boolean(),
  runtime: z.boolean(),
  enabled: z.boolean(),
  /** Where the route is now: `registry`, and `config-center` when its copy is there (`configCenter` is `present`). */
  targets: z.array(z.enum(ROUTE_TARGETS)),
  configCenter: z.enum(ROUTE_COPY_STATES),
  origin: routeOriginSchema,
  /** What an edit or delete names (`revision` or `If-Match`; GET /api/v1/routes/{id} answers it as `ETag`): it changes whenever the route does. */
  revision: z.string(),
  /** The ZooKeeper path of the route's node. */
  node: z.string(),
  /** The route URL, decoded once (as Dubbo's `toFullString()`; the rule inside is still encoded). */
  url: z.string(),
});
export type Route = z.infer<typeof routeSchema>;

export const routesResponseSchema = z.object({
  /** Sorted by service, group, version, priority, name. */
  routes: z.array(routeSchema),
  /** The registries whose last complete view is served instead of a live one; empty when all are live. */
  stale: z.array(staleSchema.extend({ registry: z.string() })),
});
export type RoutesResponse = z.infer<typeof routesResponseSchema>;

export const deletedRouteSchema = z.object({ deleted: z.literal(true), id: z.string(), node: z.string() });
export type DeletedRoute = z.infer<typeof deletedRouteSchema>;

/** How a received value is quoted in a message: strings as JSON, anything else by its type. */
function shown(input: unknown): string {
  if (typeof input === "string") return JSON.stringify(input.length > 60 ? `${input.slice(0, 60)}…` : input);
  return input === undefined ? "nothing" : input === null ? "null" : typeof input;
}

/** A string matching `pattern`, at most `max` long; `expected` says what it must be. */
function text(field: string, expected: string, pattern: RegExp, max: number) {
  const message = (input: unknown) => `${field} must be ${expected}, got ${shown(input)}`;
  return z
    .string({ error: (issue) => message(issue.input) })
    .max(max, { error: (issue) => `${field} must be at most ${max} characters, got ${typeof issue.input === "string" ? issue.input.length : shown(issue.input)}`, abort: true })
    .regex(pattern, { error: (issue) => message(issue.input) });
}

/**
 * The names of Dubbo's own trees under the registry root (`/dubbo/config` the config center,
 * `/dubbo/metadata` the metadata report, `/dubbo/mapping` the service-name mapping) and
 * ZooKeeper's `/zookeeper`: a "service" of one of these names would write a `routers` node
 * into that tree, where no consumer reads it and no listing shows it.
 */
export const RESERVED_SERVICE_NAMES: readonly string[] = ["config", "metadata", "mapping", "zookeeper"];

/** A Java interface name: dot-separated identifiers (`$` for nested types), not one of {@link RESERVED_SERVICE_NAMES}. */
const serviceField = text("service", "a Java interface name such as com.foo.BarService", /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/, 255).refine((s) => !RESERVED_SERVICE_NAMES.includes(s), {
  error: (issue) => `service ${shown(issue.input)} is the name of a tree Dubbo or ZooKeeper keeps under the root (${RESERVED_SERVICE_NAMES.join(", ")}), not an interface; routes cannot be written there`,
});
/** No separators of service keys (`/`, `:`) and no `*`: a route with group `*` matches no consumer. */
const groupField = text("group", "letters, digits, '.', '_' or '-' ('' for none)", /^[\w.-]*$/, 100);
const versionField = text("version", "letters, digits, '.', '_' or '-' ('' for none)", /^[\w.-]*$/, 100);
const nameField = text(
  "name",
  `1 to ${ROUTE_NAME_MAX_LENGTH} letters, digits, spaces, '.', '_', ':', '@' or '-', not starting or ending with a space`,
  /^[\p{L}\p{N}_.:@-]([\p{L}\p{N} _.:@-]*[\p{L}\p{N}_.:@-])?$/u,
  ROUTE_NAME_MAX_LENGTH,
);

/** A lone UTF-16 surrogate: Java's URLEncoder and JavaScript's encodeURIComponent disagree on it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The rule text: not blank (Dubbo refuses it), at most {@link ROUTE_RULE_MAX_LENGTH}
 * characters. Its syntax is checked by the server's rule validator, not here.
 */
const ruleField = z
  .string({ error: (issue) => `rule must be the text of a condition rule such as "host = 10.0.0.1 => host = 10.0.0.2", got ${shown(issue.input)}` })
  .max(ROUTE_RULE_MAX_LENGTH, {
    error: (issue) => `rule must be at most ${ROUTE_RULE_MAX_LENGTH} characters, got ${typeof issue.input === "string" ? issue.input.length : shown(issue.input)}`,
    abort: true,
  })
  .refine((rule) => /[^\u0000-\u0020]/.test(rule), { error: "rule must not be blank: Dubbo refuses a blank rule" })
  .refine((rule) => !LONE_SURROGATE.test(rule), { error: "rule must be valid Unicode text (it holds a lone surrogate)" });

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;
const priorityField = z
  .number({ error: (issue) => `priority must be a whole number from ${INT_MIN} to ${INT_MAX} (lower runs first), got ${shown(issue.input)}` })
  .int({ error: (issue) => `priority must be a whole number from ${INT_MIN} to ${INT_MAX} (lower runs first), got ${String(issue.input)}` })
  .min(INT_MIN, { error: (issue) => `priority must be a whole number from ${INT_MIN} to ${INT_MAX}, got ${String(issue.input)}` })
  .max(INT_MAX, { error: (issue) => `priority must be a whole number from ${INT_MIN} to ${INT_MAX}, got ${String(issue.input)}` });

const flag = (field: string) => z.boolean({ error: (issue) => `${field} must be true or false, got ${shown(issue.input)}` });

/** `targets` of a save (and of a preview, which judges the copies a save would write). */
export const routeTargetsSchema = z
  .array(z.enum(ROUTE_TARGETS, { error: (issue) => `targets may hold "registry" and "config-center", got ${shown(issue.input)}` }), {
    error: (issue) => `targets must be ["registry"] or ["registry", "config-center"], got ${shown(issue.input)}`,
  })
  .refine((t) => t.includes("registry") && new Set(t).size === t.length, { error: 'targets must be ["registry"] or ["registry", "config-center"]: the registry copy is always written, each target once' });

/**
 * `allowStranding: true` saves a change that leaves a registered consumer with no provider;
 * without it such a save is refused (409 `strands_consumers`, naming the consumers).
 */
const allowStranding = flag("allowStranding").optional();

/** Body of POST /api/v1/routes/{id}/enable and /disable (optional: an empty body is `{}`). */
export const toggleRouteBodySchema = z.strictObject({ allowStranding }, { error: (issue) => (issue.code === "unrecognized_keys" ? `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}; see docs/api.md` : undefined) });

const revisionField = z.string({ error: (issue) => `revision must be the revision of the route as last read, got ${shown(issue.input)}` }).min(1).max(200);

/** The messages of a body as a whole: not an object, or fields the endpoint does not know. */
const bodyIssue = (issue: { code: string; keys?: readonly string[]; input?: unknown }) => {
  if (issue.code === "unrecognized_keys") return `unknown field${issue.keys && issue.keys.length > 1 ? "s" : ""} ${issue.keys?.map((k) => JSON.stringify(k)).join(", ")}; see docs/api.md`;
  if (issue.code === "invalid_type") return `the body must be a JSON object, got ${Array.isArray(issue.input) ? "an array" : shown(issue.input)}`;
  return undefined;
};

/** Body of POST /api/v1/routes. Fields left out take Dubbo's defaults (priority 0, force false, runtime false, enabled true). */
export const createRouteBodySchema = z.strictObject(
  {
    service: serviceField,
    group: groupField.default(""),
    version: versionField.default(""),
    name: nameField,
    rule: ruleField,
    priority: priorityField.default(0),
    force: flag("force").default(false),
    runtime: flag("runtime").default(false),
    enabled: flag("enabled").default(true),
    targets: routeTargetsSchema.default(["registry"]),
    /** The registry to write to, its source as GET /api/v1/registry lists it; the first configured when left out. */
    registry: z.string({ error: (issue) => `registry must be a registry's source as GET /api/v1/registry lists it, got ${shown(issue.input)}` }).max(2_000).optional(),
    allowStranding,
  },
  { error: bodyIssue },
);
export type CreateRouteBody = z.output<typeof createRouteBodySchema>;

/**
 * Body of PUT /api/v1/routes/{id}: the `revision` it was based on (or in `If-Match`; one of
 * them is required), and the fields to change; a field left out keeps its value. The
 * service (and the registry) cannot change.
 */
export const replaceRouteBodySchema = z.strictObject(
  {
    revision: revisionField.optional(),
    group: groupField.optional(),
    version: versionField.optional(),
    name: nameField.optional(),
    rule: ruleField.optional(),
    priority: priorityField.optional(),
    force: flag("force").optional(),
    runtime: flag("runtime").optional(),
    enabled: flag("enabled").optional(),
    targets: routeTargetsSchema.optional(),
    allowStranding,
  },
  { error: bodyIssue },
);
export type ReplaceRouteBody = z.output<typeof replaceRouteBodySchema>;

/** The fields of a route an edit may change. */
export type RouteChanges = Omit<ReplaceRouteBody, "revision" | "targets" | "allowStranding">;

const exact = (field: string) =>
  z.string({ error: (issue) => `${field} must be text, got ${shown(issue.input)}` }).max(255, { error: `${field} must be at most 255 characters` }).optional();

/**
 * Query of GET /api/v1/routes. Each given parameter must match exactly; an empty `group` or
 * `version` asks for routes without one. Left out: any.
 */
export const routesQuerySchema = z.object({
  service: exact("service"),
  group: exact("group"),
  version: exact("version"),
  /** A registry's source; all registries when left out. */
  registry: z.string({ error: (issue) => `registry must be text, got ${shown(issue.input)}` }).max(2_000).optional(),
});
export type RoutesQuery = z.output<typeof routesQuerySchema>;

/** Query of DELETE /api/v1/routes/{id}: the revision the deletion is based on (or in `If-Match`; one of them is required). */
export const deleteRouteQuerySchema = z.object({ revision: revisionField.optional() });

/** Query of POST /api/v1/routes/{id}/enable and /disable: optionally the revision it is based on (or in `If-Match`). */
export const toggleRouteQuerySchema = z.object({ revision: revisionField.optional() });
