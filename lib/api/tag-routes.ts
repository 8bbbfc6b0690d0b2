/**
 * The HTTP contract of /api/v1/tag-routes: the tag rules `{application}.tag-router` of each
 * registry's config center, keyed by provider application, written by the console or
 * anyone else. Shared by the handlers and the browser client (docs/api.md).
 */
import { z } from "zod";
import { STRING_MATCH_KINDS } from "../tag/tag-draft";
import { TAG_RULE_TEXT_MAX, tagReadingSchema } from "./tag-route-preview";

const shown = (v: unknown) => (typeof v === "string" ? JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v) : v === null ? "null" : Array.isArray(v) ? "a list" : typeof v);

/** Text without control characters, trimmed, within `max`. */
const text = (field: string, max: number, what: string) =>
  z
    .string({ error: (i) => `${field} must be ${what}, got ${shown(i.input)}` })
    .max(max, { error: `${field} is at most ${max} characters` })
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s) && s.trim() === s, { error: `${field} must have no control characters or white space at either end` });

/** A provider application name as a node name can hold it: no '/', no spaces. */
export const applicationField = text("application", 200, "the provider application's name")
  .refine((s) => s.length > 0, { error: "application must not be empty" })
  .refine((s) => !/[\s/]/.test(s), { error: "application must not hold spaces or '/'" });

const flag = (field: string) => z.boolean({ error: (i) => `${field} must be true or false, got ${shown(i.input)}` });

const stringMatchSchema = z
  .strictObject(Object.fromEntries(STRING_MATCH_KINDS.map((k) => [k, text(`value.${k}`, 1_000, "text").optional()])) as Record<(typeof STRING_MATCH_KINDS)[number], z.ZodOptional<z.ZodString>>, {
    error: (i) => (i.code === "unrecognized_keys" ? `a match value takes one of ${STRING_MATCH_KINDS.join(", ")}; unknown ${i.keys.join(", ")}` : `a match value must be an object such as {"exact": "2.0.0"}`),
  })
  .refine((v) => STRING_MATCH_KINDS.filter((k) => v[k] !== undefined).length === 1, { error: `a match value gives exactly one of ${STRING_MATCH_KINDS.join(", ")}` });

const tagGroupSchema = z.strictObject(
  {
    name: text("name", 200, "the tag's name").refine((s) => s.length > 0, { error: "a tag needs a name" }),
    addresses: z.array(text("addresses", 100, 'a provider address: ip, ip:port, a CIDR such as "10.0.0.0/24", or "*"'), { error: "addresses must be a list of provider addresses" }).max(10_000, { error: "a tag names at most 10,000 addresses" }).default([]),
    match: z
      .array(z.strictObject({ key: text("key", 200, "a provider URL parameter such as version").refine((s) => s.length > 0, { error: "a match condition needs a key" }), value: stringMatchSchema }), { error: "match must be a list of { key, value } conditions" })
      .max(50, { error: "a tag has at most 50 match conditions" })
      .default([]),
  },
  { error: (i) => (i.code === "unrecognized_keys" ? `a tag takes name, addresses and match; unknown ${i.keys.join(", ")}` : "a tag must be an object with name, addresses and/or match") },
);

/** The form's rule (lib/tag/tag-draft.ts TagRouteDraft). */
export const tagRouteDraftSchema = z.strictObject(
  {
    force: flag("force").default(false),
    enabled: flag("enabled").default(true),
    runtime: flag("runtime").default(true),
    priority: z.number({ error: "priority must be a whole number" }).int({ error: "priority must be a whole number" }).min(-2147483648).max(2147483647).default(0),
    tags: z.array(tagGroupSchema, { error: "tags must be a list of tags" }).min(1, { error: "a tag rule needs at least one tag" }).max(100, { error: "a rule has at most 100 tags" }),
  },
  { error: (i) => (i.code === "unrecognized_keys" ? `a rule takes force, enabled, runtime, priority and tags; unknown ${i.keys.join(", ")}` : "rule must be an object with tags") },
);

const bodyIssue = (i: { code: string; keys?: readonly string[]; input?: unknown }) => {
  if (i.code === "unrecognized_keys") return `unknown field${i.keys && i.keys.length > 1 ? "s" : ""} ${i.keys?.map((k) => JSON.stringify(k)).join(", ")}; see docs/api.md`;
  if (i.code === "invalid_type") return `the body must be a JSON object, got ${shown(i.input)}`;
  return undefined;
};

const yamlField = z.string({ error: (i) => `yaml must be the rule's text, got ${shown(i.input)}` }).min(1, { error: "yaml must not be empty" }).max(TAG_RULE_TEXT_MAX, { error: `yaml is at most ${TAG_RULE_TEXT_MAX} characters` });
const registryField = z.string({ error: (i) => `registry must be a registry's source as GET /api/v1/registry lists it, got ${shown(i.input)}` }).min(1).max(2_000);
const revisionField = z.string({ error: (i) => `revision must be the rule's revision as last read, got ${shown(i.input)}` }).min(1).max(200);
const allowStranding = flag("allowStranding").optional();

const oneOf = (b: { rule?: unknown; yaml?: unknown }, ctx: z.RefinementCtx) => {
  if ((b.rule === undefined) === (b.yaml === undefined)) ctx.addIssue({ code: "custom", path: [b.rule === undefined ? "rule" : "yaml"], message: "give the rule either as rule (the form's fields) or as yaml (its text), not both or neither" });
};

/** POST /api/v1/tag-routes: a new rule for `application` (409 when it has one). */
export const createTagRouteBodySchema = z.strictObject({ application: applicationField, registry: registryField.optional(), rule: tagRouteDraftSchema.optional(), yaml: yamlField.optional(), allowStranding }, { error: bodyIssue }).superRefine(oneOf);
export type CreateTagRouteBody = z.output<typeof createTagRouteBodySchema>;

/** PUT /api/v1/tag-routes/{id}: the whole rule, based on `revision` (or If-Match). */
export const replaceTagRouteBodySchema = z.strictObject({ revision: revisionField.optional(), rule: tagRouteDraftSchema.optional(), yaml: yamlField.optional(), allowStranding }, { error: bodyIssue }).superRefine(oneOf);
export type ReplaceTagRouteBody = z.output<typeof replaceTagRouteBodySchema>;

/** POST /api/v1/tag-routes/{id}/enable and /disable. */
export const toggleTagRouteBodySchema = z.strictObject({ revision: revisionField.optional(), allowStranding }, { error: bodyIssue });
export type ToggleTagRouteBody = z.output<typeof toggleTagRouteBodySchema>;

/** DELETE /api/v1/tag-routes/{id}?revision=&allowStranding=. */
export const deleteTagRouteQuerySchema = z.object({ revision: revisionField.optional(), allowStranding: z.enum(["true", "false"], { error: "allowStranding must be true or false" }).optional() });

/** GET /api/v1/tag-routes?application=&registry=: exact matches; left out: any. */
export const tagRoutesQuerySchema = z.object({
  application: z.string({ error: "application must be text" }).max(200, { error: "application is at most 200 characters" }).optional(),
  registry: z.string({ error: "registry must be text" }).max(2_000).optional(),
});
export type TagRoutesQuery = z.output<typeof tagRoutesQuerySchema>;

/** Who wrote the rule as it is now: the console (with the audit entry that did), or someone else. */
export const tagRouteOriginSchema = z.discriminatedUnion("by", [
  z.object({ by: z.literal("console"), auditId: z.string(), actor: z.string(), at: z.number() }),
  z.object({ by: z.literal("outside") }),
]);

export const tagRouteSchema = z.object({
  /** Stable across edits: `{registry index}.{base64url(application)}`. */
  id: z.string(),
  registry: z.string(),
  application: z.string(),
  /** The ZooKeeper node. */
  node: z.string(),
  /** What an edit, enable, disable or delete must name: the fingerprint of the node's text. */
  revision: z.string(),
  yaml: z.string(),
  /** The rule as the form holds it; null when the text has parts the form cannot hold (`textOnly` says which). */
  rule: tagRouteDraftSchema.nullable(),
  textOnly: z.string().nullable(),
  /** How each release reads the text now. */
  readings: z.array(tagReadingSchema),
  /** What the rule does that may not be what it seems (lib/tag/tag-draft.ts tagDraftNotes, key mismatches). */
  notes: z.array(z.string()),
  origin: tagRouteOriginSchema,
  /** The application's registered provider instances (distinct addresses, whatever services each serves), and the registered consumers of its services that obey tag rules. */
  providers: z.number().int().nonnegative(),
  consumers: z.number().int().nonnegative(),
});
export type TagRoute = z.infer<typeof tagRouteSchema>;

export const tagRoutesResponseSchema = z.object({ tagRoutes: z.array(tagRouteSchema) });
export type TagRoutesResponse = z.infer<typeof tagRoutesResponseSchema>;

export const deletedTagRouteSchema = z.object({ deleted: z.literal(true), id: z.string() });

/** POST /api/v1/tag-routes/{id}/rollback: `{ tagRoute }` as restored (null: the rollback deleted it). */
export const tagRouteRollbackResponseSchema = z.object({ tagRoute: tagRouteSchema.nullable() });
