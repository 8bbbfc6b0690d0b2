/**
 * The answer of an override preview (server/governance/preview/override/override-preview.ts): what a
 * draft change of the configurator copies does to every registered consumer of a service,
 * each judged by its own Dubbo release and the copies that release reads, and to the
 * providers themselves (provider-side keys). The POST /api/v1/configs/preview handler answers
 * it; the Configuration tab and the Providers tab's confirm show it.
 */
import { z } from "zod";

/** The most provider rows a consumer row lists (the changed ones first); `providersChanged` counts them all. */
export const CONFIG_PREVIEW_LIST_MAX = 100;
/** How many the console's own pages ask for (`listMax`): they show the shares of the changed ones, and the rest together. */
export const CONFIG_PREVIEW_PAGE_LIST = 5;

/** The parameters every row shows, whether the draft touches them or not (plus every key the copies set). */
export const CONFIG_PREVIEW_KEYS = ["weight", "disabled", "enabled", "timeout", "retries", "loadbalance", "cluster"] as const;

/**
 * Which configurator decided a value: the copy it came from (`registry`: an override URL of
 * the service directory's `configurators` category; `center`: a config-center
 * `{key}.configurators` rule), its node (the URL as listed, or the rule's key), and its
 * position (in the category's listing, or among the URLs the rule gives: one per item,
 * address and application or service). null: no configurator, the value is the URL's own.
 */
export const decidedBySchema = z
  .object({
    copy: z.enum(["registry", "center"]),
    source: z.string(),
    index: z.number().int().nonnegative(),
  })
  .nullable();
export type DecidedBy = z.infer<typeof decidedBySchema>;

/** Effective parameter values, null where the URL has none (Dubbo's default applies). */
export const previewValuesSchema = z.record(z.string(), z.string().nullable());
export type PreviewValues = z.infer<typeof previewValuesSchema>;

const beforeAfter = <T extends z.ZodType>(t: T) => z.object({ before: t, after: t });

/** One provider as one consumer sees it, before and after the draft. */
export const previewProviderRowSchema = z.object({
  /** `host:port`. */
  address: z.string(),
  values: beforeAfter(previewValuesSchema),
  beforeBy: z.record(z.string(), decidedBySchema),
  afterBy: z.record(z.string(), decidedBySchema),
  /** Whether the consumer keeps it (a disabled one leaves its providers). */
  usable: beforeAfter(z.boolean()),
  /** Its share of the calls (0..1) by weighted random load balance; null when the consumer does not balance by weight, or does not keep it. */
  share: beforeAfter(z.number().nullable()),
  /** Whether anything above differs. */
  changed: z.boolean(),
});
export type PreviewProviderRow = z.infer<typeof previewProviderRowSchema>;

/** One consumer (registered, or described by hand) under the draft. */
export const previewConsumerRowSchema = z.object({
  consumer: z.string(),
  application: z.string(),
  host: z.string(),
  /** The release its URL states ("" when none). */
  release: z.string(),
  /** Whose configurator semantics it is judged by. */
  semantics: z.enum(["2.7", "3.x"]),
  /** The copies it reads, in the order it applies them. */
  reads: z.array(z.enum(["registry", "center"])),
  byHand: z.boolean(),
  /** Providers it keeps before and after. */
  usable: beforeAfter(z.number().int().nonnegative()),
  /** Whether weights decide its shares (random or round robin load balance); false: `shares` is empty. */
  weighted: beforeAfter(z.boolean()),
  /** The providers that change, then the others, cut at the body's `listMax` (CONFIG_PREVIEW_LIST_MAX by default). */
  providers: z.array(previewProviderRowSchema),
  providersChanged: z.number().int().nonnegative(),
  /** Shares of the changed providers (the first `listMax`) and of all the others together. */
  shares: z.object({
    rows: z.array(z.object({ address: z.string(), before: z.number().nullable(), after: z.number().nullable() })),
    others: beforeAfter(z.number()),
    othersCount: z.number().int().nonnegative(),
  }),
  /** It keeps no provider after the draft, and kept some before. */
  stranded: z.boolean(),
  changed: z.boolean(),
  /** In words: "storefront-27: 10.0.0.3:20880 leaves its providers; weight split 50/50 → 90/10". */
  summary: z.string(),
  /** Why it could not be judged (its URL does not parse); null when judged. */
  problem: z.string().nullable(),
});
export type PreviewConsumerRow = z.infer<typeof previewConsumerRowSchema>;

/** One provider as its own listeners configure it (provider-side keys). */
export const previewProviderSideRowSchema = z.object({
  address: z.string(),
  application: z.string(),
  semantics: z.enum(["2.7", "3.x"]),
  values: beforeAfter(previewValuesSchema),
  beforeBy: z.record(z.string(), decidedBySchema),
  afterBy: z.record(z.string(), decidedBySchema),
  changed: z.boolean(),
});
export type PreviewProviderSideRow = z.infer<typeof previewProviderSideRowSchema>;

export const configPreviewResponseSchema = z.object({
  service: z.object({ interface: z.string(), group: z.string(), version: z.string() }),
  /** The keys shown in every row's values. */
  keys: z.array(z.string()),
  consumers: z.array(previewConsumerRowSchema),
  /** The consumers left without a provider (their `consumer`). */
  stranded: z.array(z.string()),
  /** Providers whose own configured URL changes (cut at the body's `listMax`), and how many in all. */
  providerSide: z.array(previewProviderSideRowSchema),
  providerSideChanged: z.number().int().nonnegative(),
  /** One sentence per consumer that changes, and for the providers. */
  summary: z.array(z.string()),
  notes: z.array(z.string()),
});
export type ConfigPreviewResponse = z.infer<typeof configPreviewResponseSchema>;
