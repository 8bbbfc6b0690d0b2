/**
 * The HTTP contract of /api/v1/config-routes: condition rules in the config center
 * (`/dubbo/config/dubbo/{key}.condition-router`), the copy of a route that Dubbo 3.1+
 * consumers obey (2.7.3–3.0.4 obey it beside the registry's route URLs). Shared by the
 * handlers and the browser client.
 */
import { z } from "zod";
import { MAX_RULE_KEY_LENGTH, ruleKeyProblem } from "../../dubbo/rules/config-rule-key";
import { staleSchema } from "../registry-state";
import { textParam, wholeNumberParam } from "../query-params";

/** The longest condition (`when => then`) accepted for writing. */
export const MAX_CONDITION_LENGTH = 2_000;
/** The most conditions one rule may have. */
export const MAX_CONDITIONS = 64;

const ruleScopeSchema = z.enum(["service", "application"]);

/** A rule as Dubbo 3.3 reads it (lib/dubbo/rules/condition-router-yaml.ts). */
const ruleFlagsSchema = z.object({
  configVersion: z.string().nullable(),
  scope: z.string().nullable(),
  key: z.string().nullable(),
  enabled: z.boolean(),
  force: z.boolean(),
  runtime: z.boolean(),
  priority: z.number().int(),
  valid: z.boolean(),
});

export const conditionRouterRuleSchema = z.discriminatedUnion("format", [
  ruleFlagsSchema.extend({ format: z.literal("v3.0"), conditions: z.array(z.string()) }),
  ruleFlagsSchema.extend({
    format: z.literal("v3.1"),
    conditions: z.array(z.object({ from: z.string(), to: z.array(z.object({ match: z.string(), weight: z.number().int() })) })),
  }),
]);

/** Why Dubbo fails to read a rule (RuleYamlProblemCode). */
export const ruleProblemSchema = z.object({
  code: z.enum(["yaml_syntax", "not_a_map", "field_type", "priority_not_int", "unsupported_version", "conditions_shape", "weight_not_int", "condition_syntax", "recursive_value"]),
  message: z.string(),
  field: z.string().nullable(),
  line: z.number().int().nullable(),
});

/** One registered consumer the rule is for, and whether its release reads it. */
export const ruleConsumerSchema = z.object({
  registry: z.string(),
  /** The consumed service, `group/interface:version`. */
  service: z.string(),
  application: z.string(),
  address: z.string(),
  /** `release` of its URL (or a release in `dubbo`); "" when it states none. */
  release: z.string(),
  /** Why the rule is for it: its service key, its own application, or its providers' application. */
  via: z.enum(["service", "consumer-application", "provider-application"]),
  /** Whether a consumer of its release reads this rule. */
  obeys: z.boolean(),
  /** In words, for the page. */
  words: z.string(),
});

export const configRouteSchema = z.object({
  registry: z.string(),
  /** The node's path, `/dubbo/config/dubbo/{key}.condition-router`. */
  node: z.string(),
  /** The node's rule key: `interface:version:group`, or an application name. */
  key: z.string(),
  /** From the key: a key with a colon is a service key. */
  scope: ruleScopeSchema,
  /** The parts of a service key; null for an application, or a key with one colon (which no consumer reads). */
  service: z.object({ interface: z.string(), version: z.string(), group: z.string() }).nullable(),
  /** ZooKeeper's data version of the node: pass it to replace or delete the rule. */
  revision: z.number().int().nonnegative(),
  /** The node's data, as written. */
  yaml: z.string(),
  /**
   * `active`: Dubbo applies it; `disabled`: `enabled: false`, it passes every provider;
   * `not_valid`: no conditions (Dubbo applies none and keeps any it had); `refused`: Dubbo
   * fails to read it (see `problem`) and keeps the rule it had before.
   */
  status: z.enum(["active", "disabled", "not_valid", "refused"]),
  /** Null when refused. */
  rule: conditionRouterRuleSchema.nullable(),
  problem: ruleProblemSchema.nullable(),
  /** Where Dubbo reads the YAML differently from how it looks (`enabled: 'yes'` is false). */
  notes: z.array(z.string()),
  /** Which consumers, by release, read a rule of this scope and format, in words. */
  readers: z.string(),
  /** The registered consumers it is for, each with whether its release obeys it. */
  consumers: z.array(ruleConsumerSchema),
});
export type ConfigRoute = z.infer<typeof configRouteSchema>;

export const configRoutesResponseSchema = z.object({
  routes: z.array(configRouteSchema),
  /** Registries whose rules are served from their last complete read. */
  stale: z.array(staleSchema.extend({ registry: z.string() })),
});
export type ConfigRoutesResponse = z.infer<typeof configRoutesResponseSchema>;

/**
 * Query of GET /api/v1/config-routes. `service` (an interface) selects its service rules,
 * narrowed by `group` and `version` when given (`group=` is "no group"), and the rules of
 * the applications that consume or provide it; `application` selects that application's
 * rule. Without either, every rule.
 */
export const configRoutesQuerySchema = z.object({
  service: textParam("service", { max: 500 }),
  group: textParam("group", { max: 200 }),
  version: textParam("version", { max: 200 }),
  application: textParam("application", { max: 200 }),
  registry: textParam("registry", { max: 1_000 }),
});
export type ConfigRoutesQuery = z.infer<typeof configRoutesQuerySchema>;

const keyField = z.string({ error: "key is required: interface:version:group for a service, or an application name" });

const conditionField = z
  .string({ error: "each condition must be text: when => then" })
  .max(MAX_CONDITION_LENGTH, { error: `each condition must be at most ${MAX_CONDITION_LENGTH} characters` })
  .refine((c) => c.trim() !== "", { error: "a condition must not be blank (Dubbo refuses a blank rule)" })
  .refine((c) => !/[\u0000-\u001f\u007f]/.test(c), { error: "a condition is one line, without control characters" });

/**
 * Body of PUT /api/v1/config-routes: the rule written as YAML Dubbo 3.3 reads
 * (`configVersion: v3.0`). Without `revision`, creates the rule (409 when one exists);
 * with it, replaces the rule only if its revision is still that one (409 otherwise).
 */
export const configRoutePutSchema = z
  .object({
    /** The registry whose config center to write; needed only when several are configured. */
    registry: z.string().max(1_000).optional(),
    scope: ruleScopeSchema,
    key: keyField.max(MAX_RULE_KEY_LENGTH, { error: `key must be at most ${MAX_RULE_KEY_LENGTH} characters` }),
    enabled: z.boolean().default(true),
    force: z.boolean().default(false),
    runtime: z.boolean().default(true),
    priority: z.number().int().min(-(2 ** 31)).max(2 ** 31 - 1).default(0),
    conditions: z.array(conditionField).min(1, { error: "conditions must hold at least one condition" }).max(MAX_CONDITIONS, { error: `conditions must hold at most ${MAX_CONDITIONS}` }),
    revision: z.number().int().nonnegative().optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const problem = ruleKeyProblem(body.scope, body.key);
    if (problem) ctx.addIssue({ code: "custom", path: ["key"], message: problem });
  });
export type ConfigRoutePut = z.infer<typeof configRoutePutSchema>;

export const configRoutePutResponseSchema = z.object({
  route: configRouteSchema,
  /** True when the node was created (answered 201), false when replaced (200). */
  created: z.boolean(),
});

/** Query of DELETE /api/v1/config-routes: the rule's key and the revision the deletion is based on. */
export const configRouteDeleteQuerySchema = z
  .object({
    key: keyField,
    revision: wholeNumberParam("revision", { min: 0, max: 2 ** 31 - 1, fallback: -1 }).refine((n) => n >= 0, { error: "revision is required: the rule's revision as GET /api/v1/config-routes answers it" }),
    registry: textParam("registry", { max: 1_000 }),
  })
  .superRefine((query, ctx) => {
    const problem = typeof query.key === "string" ? ruleKeyProblem(query.key.includes(":") ? "service" : "application", query.key) : null;
    if (problem) ctx.addIssue({ code: "custom", path: ["key"], message: problem });
  });

export const configRouteDeleteResponseSchema = z.object({
  deleted: z.object({ registry: z.string(), node: z.string(), key: z.string(), revision: z.number().int() }),
});
