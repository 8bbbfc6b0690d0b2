/**
 * The HTTP contract of /api/v1/access: who may call a service, as condition routes
 * (lib/access/access-rule.ts) saved with both copies, so every release obeys them (2.x and
 * 3.0 the registry's `routers` category, 3.1+ the config center's `.condition-router`).
 */
import { z } from "zod";
import { routeSchema } from "./routing/routes";

const shown = (v: unknown) => (typeof v === "string" ? JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v) : v === null ? "null" : Array.isArray(v) ? "a list" : typeof v);
const text = (field: string, what: string, pattern: RegExp, max: number) =>
  z
    .string({ error: (i) => `${field} must be ${what}, got ${shown(i.input)}` })
    .max(max, { error: `${field} is at most ${max} characters` })
    .regex(pattern, { error: (i) => `${field} must be ${what}, got ${shown(i.input)}` });

const IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const serviceField = text("service", "a Java interface name such as com.foo.BarService", /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/, 255);
const groupField = text("group", "letters, digits, '.', '_' or '-' ('' for none)", /^[\w.-]*$/, 100);
const versionField = text("version", "letters, digits, '.', '_' or '-' ('' for none)", /^[\w.-]*$/, 100);
const list = <T extends z.ZodType>(field: string, item: T) =>
  z
    .array(item, { error: (i) => `${field} must be a list, got ${shown(i.input)}` })
    .max(200, { error: `${field} holds at most 200 entries` })
    .refine((xs) => new Set(xs as unknown[]).size === xs.length, { error: `${field} names each entry once` });
const hostsField = list("hosts", text("hosts", 'a consumer host as an IPv4 address such as "10.0.0.3"', IPV4, 15));
const applicationsField = list("applications", text("applications", "a consumer application name: letters, digits, '.', '_' or '-'", /^[\w.-]+$/, 200));
const flag = (field: string) => z.boolean({ error: (i) => `${field} must be true or false, got ${shown(i.input)}` });
const revisionField = z.string({ error: (i) => `revision must be the rule's revision as last read, got ${shown(i.input)}` }).min(1).max(200);
const registryField = z.string({ error: (i) => `registry must be a registry's source as GET /api/v1/registry lists it, got ${shown(i.input)}` }).min(1).max(2_000);

const bodyIssue = (i: { code: string; keys?: readonly string[]; input?: unknown }) => {
  if (i.code === "unrecognized_keys") return `unknown field${i.keys && i.keys.length > 1 ? "s" : ""} ${i.keys?.map((k) => JSON.stringify(k)).join(", ")}; see docs/api.md`;
  if (i.code === "invalid_type") return `the body must be a JSON object, got ${shown(i.input)}`;
  return undefined;
};

/** Block lists one dimension per rule (a when-side is a conjunction); allow needs at least one list. */
function checkLists(b: { mode?: "block" | "allow"; hosts?: string[]; applications?: string[] }, ctx: z.RefinementCtx) {
  const hosts = b.hosts?.length ?? 0;
  const apps = b.applications?.length ?? 0;
  if (hosts === 0 && apps === 0) ctx.addIssue({ code: "custom", path: ["hosts"], message: "name the consumers: hosts or applications (at least one entry)" });
  if (b.mode === "block" && hosts > 0 && apps > 0) ctx.addIssue({ code: "custom", path: ["applications"], message: "a block rule lists hosts or applications, not both (Dubbo's when-side is a conjunction): save a second rule for the other" });
}

const modeField = z.enum(["block", "allow"], { error: (i) => `mode must be "block" or "allow", got ${shown(i.input)}` });

/** POST /api/v1/access and POST /api/v1/access/preview. */
export const accessBodySchema = z
  .strictObject(
    {
      service: serviceField,
      group: groupField.default(""),
      version: versionField.default(""),
      mode: modeField,
      hosts: hostsField.default([]),
      applications: applicationsField.default([]),
      enabled: flag("enabled").default(true),
      registry: registryField.optional(),
      allowStranding: flag("allowStranding").optional(),
    },
    { error: bodyIssue },
  )
  .superRefine(checkLists);
export type AccessBody = z.output<typeof accessBodySchema>;

/** PUT /api/v1/access/{id}: the lists, based on `revision` (or If-Match); the service, mode and dimension stay. */
export const replaceAccessBodySchema = z
  .strictObject({ revision: revisionField.optional(), hosts: hostsField.default([]), applications: applicationsField.default([]), allowStranding: flag("allowStranding").optional() }, { error: bodyIssue })
  .superRefine(checkLists);
export type ReplaceAccessBody = z.output<typeof replaceAccessBodySchema>;

/** POST /api/v1/access/{id}/enable and /disable. */
export const toggleAccessBodySchema = z.strictObject({ revision: revisionField.optional(), allowStranding: flag("allowStranding").optional() }, { error: bodyIssue });

export const deleteAccessQuerySchema = z.object({ revision: revisionField.optional() });

const exact = (field: string) => z.string({ error: `${field} must be text` }).max(255, { error: `${field} is at most 255 characters` }).optional();
/** GET /api/v1/access?service=&group=&version=: exact matches; left out: any. */
export const accessQuerySchema = z.object({ service: exact("service"), group: exact("group"), version: exact("version"), registry: z.string().max(2_000).optional() });
export type AccessQuery = z.output<typeof accessQuerySchema>;

export const accessRuleSchema = z.object({
  /** The route's id (its history and rollback are the route's). */
  id: z.string(),
  registry: z.string(),
  service: z.string(),
  group: z.string(),
  version: z.string(),
  mode: modeField,
  hosts: z.array(z.string()),
  applications: z.array(z.string()),
  enabled: z.boolean(),
  revision: z.string(),
  /** The condition route it is saved as. */
  route: routeSchema,
});
export type AccessRule = z.infer<typeof accessRuleSchema>;

export const accessRulesResponseSchema = z.object({ rules: z.array(accessRuleSchema) });

/** One registered consumer of the service and what the access rules do to it. */
export const accessConsumerSchema = z.object({
  application: z.string(),
  host: z.string(),
  release: z.string(),
  /** Blocked by the service's enabled access rules now, and with the draft. */
  blockedNow: z.boolean(),
  blockedAfter: z.boolean(),
  /** Which rule blocks it with the draft (`draft`, or the id of another saved rule); null when none does. */
  by: z.string().nullable(),
});

export const accessPreviewResponseSchema = z.object({
  service: z.string(),
  consumers: z.array(accessConsumerSchema),
  blocked: z.number().int().nonnegative(),
  kept: z.number().int().nonnegative(),
  /** True when consumers call the service now and the draft leaves none of them a provider: saving asks first. */
  blocksEveryone: z.boolean(),
  rule: z.string(),
});
export type AccessPreviewResponse = z.infer<typeof accessPreviewResponseSchema>;
