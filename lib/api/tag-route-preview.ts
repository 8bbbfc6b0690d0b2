/**
 * POST /api/v1/tag-routes/preview: what a draft tag rule (`{application}.tag-router`) does,
 * before it is saved: how each Dubbo release reads it, which providers each of its tags
 * selects, and, for every registered consumer of the application's services and every
 * request tag that matters (none, and each tag either rule names), the providers it gets
 * now and with the draft, and why (server/governance/preview/tag/tag-preview.ts).
 */
import { z } from "zod";
import { DUBBO_RELEASES } from "../dubbo/dubbo-release";
import { routeOutcomeSchema } from "./routing/route-preview";

/** The default and the most provider addresses listed per outcome or tag (counts are always whole). */
export const TAG_PREVIEW_LIST_DEFAULT = 20;
export const TAG_PREVIEW_LIST_MAX = 100;
/** The longest rule text previewed (the config center holds rules far smaller). */
export const TAG_RULE_TEXT_MAX = 64 * 1024;

const shown = (v: unknown) => (typeof v === "string" ? JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v) : typeof v);

export const tagPreviewBodySchema = z.strictObject(
  {
    /** The provider application whose rule this is (the node `{application}.tag-router`). */
    application: z
      .string({ error: (i) => `application must be the provider application's name, got ${shown(i.input)}` })
      .min(1, "application must not be empty")
      .max(256, "application is at most 256 characters")
      .refine((s) => !/[\s/\u0000-\u001f]/.test(s), "application must not hold spaces, '/' or control characters"),
    /** The draft rule's YAML; null previews deleting the rule. */
    yaml: z.string({ error: (i) => `yaml must be the rule's text (or null to preview its deletion), got ${shown(i.input)}` }).max(TAG_RULE_TEXT_MAX, `yaml is at most ${TAG_RULE_TEXT_MAX} characters`).nullable(),
    registry: z.string().min(1).max(2_000).optional(),
    listMax: z.number({ error: `listMax must be an integer from 1 to ${TAG_PREVIEW_LIST_MAX}` }).int().min(1).max(TAG_PREVIEW_LIST_MAX).default(TAG_PREVIEW_LIST_DEFAULT),
  },
  { error: (i) => (i.code === "unrecognized_keys" ? `unknown field${i.keys.length > 1 ? "s" : ""} ${i.keys.join(", ")}` : `the body must be an object with application and yaml`) },
);
export type TagPreviewBody = z.infer<typeof tagPreviewBodySchema>;

const releaseSchema = z.enum(DUBBO_RELEASES);

/** How one release reads a rule text: `none` (no rule), `refused` (Java logs it; a router keeps the rule it had), or the rule's state. */
export const tagReadingSchema = z.object({
  release: releaseSchema,
  status: z.enum(["none", "active", "disabled", "not_valid", "refused"]),
  problem: z.string().nullable(),
});
export type TagReading = z.infer<typeof tagReadingSchema>;

/** A set of providers: how many, and the first `listMax` addresses (`host:port`). */
export const providerSampleSchema = z.object({ total: z.number().int().nonnegative(), addresses: z.array(z.string()) });
export type ProviderSample = z.infer<typeof providerSampleSchema>;

export const TAG_PATHS = ["static", "dynamic", "static-in-rule", "failover", "untagged", "thrown"] as const;

/**
 * One saved condition route in a consumer's chain around the tag router
 * (server/governance/preview/tag/tag-chain.ts): which copy, where it runs, how many
 * providers it received and left. `invalid`: Dubbo skips a rule it rejects; `skipped`: 3.x
 * stopped the chain at an empty result.
 */
export const tagConditionStepSchema = z.object({
  name: z.string(),
  copy: z.enum(["registry", "config-center"]),
  priority: z.number().int(),
  at: z.enum(["before-tag", "after-tag"]),
  input: z.number().int().nonnegative(),
  output: z.number().int().nonnegative(),
  outcome: z.union([routeOutcomeSchema, z.enum(["invalid", "skipped"])]),
});
export type TagConditionStep = z.infer<typeof tagConditionStepSchema>;

/** What a consumer gets for one request tag in one state (now, or with the draft). */
export const tagOutcomeSchema = z.object({
  path: z.enum(TAG_PATHS),
  /** What the consumer ends with: the tag router's answer narrowed by the condition routes of `conditions`. */
  providers: providerSampleSchema,
  /** The service's condition routes this consumer runs, in the order Dubbo runs them with the tag router (empty: none saved). */
  conditions: z.array(tagConditionStepSchema),
  /** The rule's tag the request landed on (3.3 may fall back along `a|b`), when it did. */
  ruleTag: z.string().nullable(),
  fellBack: z.boolean(),
  reason: z.string(),
});
export type TagOutcome = z.infer<typeof tagOutcomeSchema>;

export const tagRequestRowSchema = z.object({
  /** The `dubbo.tag` attachment the row stands for; null: none (the consumer's own `dubbo.tag` then applies). */
  tag: z.string().nullable(),
  /** The tag the router used: the attachment, else the consumer's `dubbo.tag`. */
  routedTag: z.string().nullable(),
  before: tagOutcomeSchema,
  after: tagOutcomeSchema,
  changed: z.boolean(),
});
export type TagRequestRow = z.infer<typeof tagRequestRowSchema>;

export const tagConsumerRowSchema = z.object({
  application: z.string(),
  address: z.string(),
  release: z.string(),
  semantics: releaseSchema,
  /** False for releases without a tag-rule router (2.6: static tags only). */
  obeys: z.boolean(),
  /** The consumer's own `dubbo.tag` and `dubbo.force.tag` parameters. */
  consumerTag: z.string().nullable(),
  forceTag: z.string().nullable(),
  /** Other registered consumers judged alike (same release and tag parameters), listed by address. */
  alike: z.array(z.string()),
  requests: z.array(tagRequestRowSchema),
});
export type TagConsumerRow = z.infer<typeof tagConsumerRowSchema>;

export const tagServiceRowSchema = z.object({
  service: z.string(),
  providers: z.number().int().nonnegative(),
  /** The applications of the service's providers; the rule is obeyed only where the first provider a consumer holds is of `application`. */
  providerApplications: z.array(z.string()),
  consumers: z.array(tagConsumerRowSchema),
});

export const tagSelectionSchema = z.object({
  name: z.string().nullable(),
  releases: z.array(z.object({ release: releaseSchema, source: z.enum(["addresses", "match", "none"]), providers: providerSampleSchema })),
});

export const tagPreviewResponseSchema = z.object({
  application: z.string(),
  readings: z.object({ before: z.array(tagReadingSchema), after: z.array(tagReadingSchema) }),
  /** Each tag of the draft and the providers it selects, across the application's services, per release. */
  tags: z.array(tagSelectionSchema),
  services: z.array(tagServiceRowSchema),
  impact: z.object({
    consumers: z.number().int().nonnegative(),
    changed: z.number().int().nonnegative(),
    /** Consumers left without a provider for some request tag that had one before. */
    stranded: z.array(z.object({ service: z.string(), application: z.string(), address: z.string(), tag: z.string().nullable() })),
  }),
  notes: z.array(z.string()),
});
export type TagPreviewResponse = z.infer<typeof tagPreviewResponseSchema>;
