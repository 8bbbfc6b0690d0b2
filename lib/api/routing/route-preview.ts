/**
 * The HTTP contract of POST /api/v1/routes/preview: what one condition route (a draft, or a
 * saved one being edited) does to a consumer's providers, why, what the whole chain of the
 * service's routes does to that consumer, and which registered consumers the draft changes.
 * Shared by the handler and the editor.
 */
import { z } from "zod";
import { says, shown } from "../client/field-messages";
import { ROUTE_RULE_MAX_LENGTH, routeTargetsSchema } from "./routes";

/**
 * The most provider URLs a request may list (`providers`, for a consumer or providers
 * described by hand; the registered ones are read from the registry, whatever their number).
 * Each given provider costs kilobytes of answer (its decision and explanation), so the cap
 * keeps one request from asking for tens of megabytes.
 */
export const PREVIEW_MAX_PROVIDERS = 1_000;
/**
 * The largest answer sent, bytes of JSON: past it 413 `answer_too_large`. Above what a
 * preview of 10,000 registered providers answers (about 15 MB measured), well below what
 * could exhaust the console's memory with a few previews at once.
 */
export const PREVIEW_MAX_ANSWER_BYTES = 24 * 1024 * 1024;
/** The longest URL (consumer or provider) a request may hold. */
export const PREVIEW_MAX_URL_LENGTH = 16_000;
/** The most invocation arguments a request may hold. */
export const PREVIEW_MAX_ARGUMENTS = 64;

/**
 * The most providers a chain step's `dropped` and an impact row's `gained` and `lost` name:
 * with thousands of providers, the first ones and the counts say it (and keep the answer small).
 */
export const PREVIEW_LIST_MAX = 100;

/**
 * How many providers of each of an impact row's gained and lost lists it names by address
 * (`gainedNames`, `lostNames`), whatever the request: 40 consumers' full URL lists were
 * most of a keystroke's answer (issue 15 item 20), so the full lists come on request
 * (`impactUrls`).
 */
export const IMPACT_NAMES_MAX = 3;

/** How many providers (with their reasons) an answer holds unless the request asks for another page size. */
export const PREVIEW_PAGE_DEFAULT = 100;
/** The largest page of providers a request may ask for. */
export const PREVIEW_PAGE_MAX = 500;

/** The views an answer can carry besides the draft's own: both unless the request names fewer. */
export const PREVIEW_VIEWS = ["chain", "impact", "other-semantics"] as const;

const url = (field: string, example: string) =>
  z
    .string({ error: says(field, `a Dubbo URL such as ${example}`) })
    .min(1, { error: `${field} must be a Dubbo URL such as ${example}, got ""` })
    .max(PREVIEW_MAX_URL_LENGTH, { error: `${field} must be at most ${PREVIEW_MAX_URL_LENGTH} characters` });

const word = (field: string, pattern: RegExp, expected: string) => z.string({ error: says(field, expected) }).max(100, { error: `${field} must be at most 100 characters` }).regex(pattern, { error: says(field, expected) });

const invocationSchema = z.strictObject(
  {
    method: z.string({ error: says("invocation.method", "the name of the method called") }).max(255, { error: "invocation.method must be at most 255 characters" }).optional(),
    arguments: z
      .array(z.string({ error: says("each of invocation.arguments", "the argument as Java's String.valueOf writes it") }).max(4_000), {
        error: says("invocation.arguments", "a list of strings, each argument as Java's String.valueOf writes it"),
      })
      .max(PREVIEW_MAX_ARGUMENTS, { error: `invocation.arguments may hold at most ${PREVIEW_MAX_ARGUMENTS} arguments` })
      .optional(),
    attachments: z
      .record(z.string().max(255), z.string({ error: says("each value of invocation.attachments", "a string") }).max(4_000), {
        error: says("invocation.attachments", 'an object of strings such as {"zone": "east"}'),
      })
      .optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `invocation may hold only method, arguments and attachments` : says("invocation", "an object with method, arguments or attachments")(issue)) },
);

/**
 * Body of POST /api/v1/routes/preview. The fields of issue 7 item 6, and, for the chain and
 * impact views, the draft's `priority` and `enabled`, and the `id` of the saved route it
 * replaces (an edit). The rule's syntax is the engine's to judge (400 `invalid_rule`).
 */
export const routePreviewBodySchema = z.strictObject(
  {
    service: word("service", /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/, "a Java interface name such as com.foo.BarService").max(255),
    group: word("group", /^[\w.-]*$/, "letters, digits, '.', '_' or '-' ('' for none)").default(""),
    version: word("version", /^[\w.-]*$/, "letters, digits, '.', '_' or '-' ('' for none)").default(""),
    rule: z
      .string({ error: says("rule", 'the text of a condition rule such as "host = 10.0.0.1 => host = 10.0.0.2"') })
      .max(ROUTE_RULE_MAX_LENGTH, { error: (issue) => `rule must be at most ${ROUTE_RULE_MAX_LENGTH} characters, got ${typeof issue.input === "string" ? issue.input.length : shown(issue.input)}` }),
    force: z.boolean({ error: says("force", "true or false") }).default(false),
    semantics: z.enum(["2.7", "3.x"], { error: says("semantics", '"2.7" (ConditionRouter, Dubbo 2.7.23) or "3.x" (ConditionStateRouter, Dubbo 3.3)') }).default("2.7"),
    consumer: url("consumer", "consumer://1.1.1.1/com.foo.BarService?application=x"),
    invocation: invocationSchema.optional(),
    providers: z
      .array(url("each of providers", "dubbo://10.0.0.1:20880/com.foo.BarService"), { error: says("providers", "a list of provider URLs") })
      .max(PREVIEW_MAX_PROVIDERS, { error: (issue) => `providers may list at most ${PREVIEW_MAX_PROVIDERS} URLs, got ${Array.isArray(issue.input) ? issue.input.length : "more"}` })
      .optional(),
    id: z.string({ error: says("id", "the id of the saved route the draft replaces, as GET /api/v1/routes lists it") }).max(2_100).optional(),
    priority: z
      .number({ error: says("priority", "a whole number (lower runs first)") })
      .int({ error: says("priority", "a whole number (lower runs first)") })
      .min(-(2 ** 31), { error: "priority must be at least -2147483648" })
      .max(2 ** 31 - 1, { error: "priority must be at most 2147483647" })
      .default(0),
    enabled: z.boolean({ error: says("enabled", "true or false") }).default(true),
    /**
     * The copies the save would write, as POST/PUT take them: the impact view judges a Dubbo
     * 3.0.5+ consumer by the config-center copy. Left out: `["registry"]` for a new route, the
     * copies the edited route (`id`) has for an edit (as PUT keeps them).
     */
    targets: routeTargetsSchema.optional(),
    providerPage: z
      .strictObject(
        {
          offset: z.number({ error: says("providerPage.offset", "a whole number, the first provider of the page (0 is the first)") }).int({ error: says("providerPage.offset", "a whole number") }).min(0, { error: "providerPage.offset must be at least 0" }).default(0),
          limit: z
            .number({ error: says("providerPage.limit", `a whole number from 1 to ${PREVIEW_PAGE_MAX}`) })
            .int({ error: says("providerPage.limit", "a whole number") })
            .min(1, { error: "providerPage.limit must be at least 1" })
            .max(PREVIEW_PAGE_MAX, { error: `providerPage.limit must be at most ${PREVIEW_PAGE_MAX}` })
            .default(PREVIEW_PAGE_DEFAULT),
        },
        { error: (issue) => (issue.code === "unrecognized_keys" ? "providerPage may hold only offset and limit" : says("providerPage", "an object with offset and limit")(issue)) },
      )
      .default({ offset: 0, limit: PREVIEW_PAGE_DEFAULT }),
    listMax: z
      .number({ error: says("listMax", `a whole number from 1 to ${PREVIEW_LIST_MAX}`) })
      .int({ error: says("listMax", "a whole number") })
      .min(1, { error: "listMax must be at least 1" })
      .max(PREVIEW_LIST_MAX, { error: `listMax must be at most ${PREVIEW_LIST_MAX}` })
      .default(PREVIEW_LIST_MAX),
    /**
     * Which impact rows list their `gained` and `lost` provider URLs: `"all"` (the default),
     * `"none"`, or the URL of one registered consumer (an impact row's `url`). The others
     * answer null there; every row names its first gained and lost by address.
     */
    impactUrls: z
      .string({ error: says("impactUrls", '"all", "none" or the URL of a registered consumer, as an impact row\'s url') })
      .min(1, { error: 'impactUrls must be "all", "none" or the URL of a registered consumer, got ""' })
      .max(PREVIEW_MAX_URL_LENGTH, { error: `impactUrls must be at most ${PREVIEW_MAX_URL_LENGTH} characters` })
      .default("all"),
    /**
     * Whether each provider row carries its explanation (`conditions`, about 1.5 KB a row):
     * true, the default, or false, and `conditions` answers null while `reason` still says it
     * in words. The editor shows the words only, so it asks for false (issue 15 item 20).
     */
    explain: z.boolean({ error: says("explain", "true or false") }).default(true),
    include: z.array(z.enum(PREVIEW_VIEWS, { error: says("each of include", '"chain", "impact" or "other-semantics"') }), { error: says("include", 'a list of "chain", "impact" and "other-semantics"') }).optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}; see docs/api.md` : undefined,
  },
);
export type RoutePreviewBody = z.output<typeof routePreviewBodySchema>;
/** The body as a client writes it: defaults may be left out. */
export type RoutePreviewRequest = z.input<typeof routePreviewBodySchema>;

const patternHitSchema = z.object({
  pattern: z.string(),
  kind: z.enum(["match", "mismatch"]),
  resolved: z.string().nullable(),
  range: z.object({ matched: z.boolean(), problem: z.string().nullable(), number: z.number().nullable() }).optional(),
});

/** One key of one side, evaluated: the facts and the sentence built from them (lib/routing/explain/key-explanation.ts). */
export const keyExplanationSchema = z.object({
  key: z.string(),
  value: z.string().nullable(),
  valueKind: z.enum(["value", "missing", "unavailable", "placeholder"]),
  origin: z.string().nullable(),
  unavailable: z.string().nullable(),
  matches: z.array(z.string()).readonly(),
  mismatches: z.array(z.string()).readonly(),
  verdict: z.enum(["matched", "not-matched", "excluded", "not-excluded", "missing-fails", "missing-passes", "no-patterns", "unavailable"]),
  decidedBy: patternHitSchema.nullable(),
  matched: z.boolean(),
  text: z.string(),
});

/** One side of the rule evaluated: `evaluated` false when the router never got to it. */
export const conditionExplanationSchema = z.object({
  evaluated: z.boolean(),
  matched: z.boolean(),
  empty: z.boolean(),
  keys: z.array(keyExplanationSchema).readonly(),
});
export type ConditionExplanationView = z.infer<typeof conditionExplanationSchema>;

export const routeOutcomeSchema = z.enum(["disabled", "no-providers", "when-not-matched", "blacklist", "filtered", "empty-forced", "empty-fallback", "error-fallback"]);

/** One step of the chain: a saved route or the draft, applied to what the previous one returned. */
export const chainStepSchema = z.object({
  /** The saved route's id; null for the draft. */
  id: z.string().nullable(),
  name: z.string(),
  rule: z.string(),
  priority: z.number().int(),
  force: z.boolean(),
  draft: z.boolean(),
  /** Why the step did not run: its rule does not parse (Dubbo skips such a route), or no provider was left. Null when it ran. */
  skipped: z.string().nullable(),
  outcome: routeOutcomeSchema.nullable(),
  summary: z.string(),
  whenMatched: z.boolean(),
  /** How many providers came in, and how many went on. */
  input: z.number().int(),
  output: z.number().int(),
  /** The providers this step dropped, with the reason: the first {@link PREVIEW_LIST_MAX} (`input` − `output` in all). */
  dropped: z.array(z.object({ url: z.string(), reason: z.string() })),
});
export type ChainStep = z.infer<typeof chainStepSchema>;

/** Every enabled route of the service that Dubbo 2.7 loads, and the draft, in priority order, for the request's consumer. */
export const chainViewSchema = z.object({
  steps: z.array(chainStepSchema),
  /** What the consumer gets at the end: input order, duplicates kept; the first {@link PREVIEW_LIST_MAX} (`resultCount` in all). */
  result: z.array(z.string()),
  resultCount: z.number().int(),
  /** Saved routes left out of the chain, and why (disabled, not loaded by Dubbo 2.7, the one the draft replaces). */
  left: z.array(z.object({ id: z.string(), name: z.string(), why: z.string() })),
});
export type ChainView = z.infer<typeof chainViewSchema>;

/**
 * One registered consumer's providers through the chain of registry routes without the draft
 * (`before`) and with it (`after`), judged as its Dubbo release routes (`basis`).
 */
export const consumerImpactSchema = z.object({
  url: z.string(),
  application: z.string(),
  host: z.string(),
  /** The Dubbo release on its URL: `release`, or `dubbo` when that names a release ('' when none). */
  release: z.string(),
  /**
   * `release`: judged with the semantics of the router its release runs registry routes with;
   * `unknown-release`: no release this console knows, judged with the request's semantics;
   * `config-center`: its release (Dubbo 3.0.5 and later) obeys only the config-center copy:
   * judged with 3.x semantics through the routes whose copy is there (the draft among them
   * when `targets` holds `config-center`);
   * `ignores-registry`: its release obeys only the config-center copy, which this save neither
   * writes nor changes, so the draft cannot change what it gets, and it is not judged.
   */
  basis: z.enum(["release", "config-center", "unknown-release", "ignores-registry"]),
  /** The semantics it was judged with; null when it was not. */
  semantics: z.enum(["2.7", "3.x"]).nullable(),
  /** The basis in words, e.g. "ignores registry routes (Dubbo 3.3.6)". */
  routing: z.string(),
  /** How many providers it gets without and with the draft; null when not judged (see `basis` and `problem`). */
  before: z.number().int().nullable(),
  after: z.number().int().nullable(),
  changed: z.boolean(),
  /**
   * Providers (distinct URLs) it gets with the draft and not without, and the other way
   * round: the first `listMax` of each, and how many in all; null when the request's
   * `impactUrls` does not name this row.
   */
  gained: z.array(z.string()).nullable(),
  lost: z.array(z.string()).nullable(),
  /** The addresses (`host:port`) of the first {@link IMPACT_NAMES_MAX} of `gained` and of `lost`, whatever `impactUrls` says. */
  gainedNames: z.array(z.string()),
  lostNames: z.array(z.string()),
  gainedCount: z.number().int(),
  lostCount: z.number().int(),
  /** Why the consumer could not be routed (its URL does not parse for these semantics); null when it was. */
  problem: z.string().nullable(),
});
export type ConsumerImpact = z.infer<typeof consumerImpactSchema>;

export const impactViewSchema = z.object({
  total: z.number().int(),
  changed: z.number().int(),
  /** How many this save cannot reach: they obey only the config-center copy, which it does not write (`basis` `ignores-registry`). */
  ignoring: z.number().int(),
  consumers: z.array(consumerImpactSchema),
});
export type ImpactView = z.infer<typeof impactViewSchema>;

/** One provider of the preview's page. */
/** One provider of the page: kept or dropped, why in words, and the explanation itself unless the request's `explain` was false (null then). */
export const previewProviderSchema = z.object({ url: z.string(), kept: z.boolean(), reason: z.string(), conditions: conditionExplanationSchema.nullable() });
export type PreviewProvider = z.infer<typeof previewProviderSchema>;

/** The providers sharing one reason (lib/routing/explain/reason-group.ts): `first` is the place of the first of them. */
export const reasonGroupSchema = z.object({ kept: z.boolean(), reason: z.string(), count: z.number().int(), first: z.number().int() });
export type ReasonGroup = z.infer<typeof reasonGroupSchema>;

/** The answer of POST /api/v1/routes/preview. */
export const routePreviewResponseSchema = z.object({
  /** Issue 7's fields. */
  whenMatched: z.boolean(),
  /** The providers the router returns: input order, duplicates kept; the first {@link PREVIEW_LIST_MAX} (`resultCount` in all). */
  result: z.array(z.string()),
  resultCount: z.number().int(),
  /** One page of the providers routed (`providerPage` of the request), in input order, each kept or dropped and why. */
  providers: z.array(previewProviderSchema),
  /** How many providers were routed in all, and where the page starts. */
  providerCount: z.number().int(),
  providerOffset: z.number().int(),
  /** Every provider counted by its reason, as a reason reads without the provider's own values; largest first, at most {@link PREVIEW_LIST_MAX} (`reasonCount` in all). */
  reasons: z.array(reasonGroupSchema),
  reasonCount: z.number().int(),
  /** What the answer stands for, and how the route ended. */
  semantics: z.enum(["2.7", "3.x"]),
  outcome: routeOutcomeSchema,
  summary: z.string(),
  when: conditionExplanationSchema,
  /** The same draft under the other semantics, and whether the consumer's providers differ; null when not asked for. */
  otherSemantics: z
    .object({
    semantics: z.enum(["2.7", "3.x"]),
    whenMatched: z.boolean(),
    /** The first {@link PREVIEW_LIST_MAX} (`resultCount` in all). */
    result: z.array(z.string()),
    resultCount: z.number().int(),
    summary: z.string(),
    differs: z.boolean(),
    /** Why the other semantics could not route (the rule or a URL it rejects); null when it could. */
    problem: z.string().nullable(),
    })
    .nullable(),
  /** Where the providers came from. */
  providersFrom: z.enum(["request", "registry"]),
  /** null when not asked for, or when the registry could not be read (see `notes`). */
  chain: chainViewSchema.nullable(),
  impact: impactViewSchema.nullable(),
  /** What an operator should know about this answer, in words. */
  notes: z.array(z.string()),
});
export type RoutePreviewResponse = z.infer<typeof routePreviewResponseSchema>;
