import { CONFIG_PREVIEW_KEYS, CONFIG_PREVIEW_LIST_MAX, type ConfigPreviewResponse, type PreviewConsumerRow } from "@/lib/api/overrides/config-preview";
import { consumerServiceRuleKey } from "@/lib/dubbo/rules/config-rule-key";
import type { ServiceId } from "@/lib/dubbo/service-key";
import type { DubboUrl } from "@/lib/dubbo/url";
import { CONDITION_KEYS } from "@/lib/override/configure";
import type { OverrideCopies } from "@/lib/override/override-copies";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { paramOr, rawParam } from "@/lib/override/url-access";
import { KEPT_FROM_PROVIDER } from "@/lib/routing/url/merged-provider-url";
import { EFFECT_KEYS, Spread } from "./override-effect";
import { HeldCopies } from "./override-held";
import { baseEffectValues, BaseViews, identityOf, type JudgedShare, readConsumer } from "./override-judge";
import { type ConsumerState, consumerRow, rowAs } from "./override-outcome";
import type { PreviewConsumer } from "./override-reader";
import { providerSide } from "./provider-side";
import { ProviderListMemo } from "./provider-list-memo";

/** What an override preview judges. */
export interface OverridePreviewInput {
  readonly service: ServiceId;
  /** The copies as they are, and as the draft leaves them (lib/override/override-copies.ts). */
  readonly before: OverrideCopies;
  readonly after: OverrideCopies;
  /** The service's registered providers, parsed. */
  readonly providers: readonly DubboUrl[];
  /** Its registered consumers (override-reader.ts previewConsumer), and a consumer described by hand. */
  readonly consumers: readonly PreviewConsumer[];
  readonly byHand?: PreviewConsumer;
  /** `System.currentTimeMillis()` for the warm-up. */
  readonly clock: { now(): number };
  /** How many provider rows a consumer row, and the provider side, list at most (CONFIG_PREVIEW_LIST_MAX by default). */
  readonly listMax?: number;
}

/**
 * What a draft change of the configurator copies does, before it is saved: for every
 * consumer, by its own release and the copies it reads (override-reader.ts), each
 * provider's effective values before and after, which configurator decided each
 * (override-judge.ts), whether it keeps the provider and its share of the calls
 * (override-effect.ts), whether it is left with none, in words (override-outcome.ts); and
 * the providers' own URLs under provider-side rules (provider-side.ts).
 *
 * Fast on a large service: its work follows the providers a draft reaches, not the
 * service's size. A consumer's rules that name providers (by host or `providerAddresses`)
 * are judged for those; rules that reach every provider alike are judged once per class of
 * providers (provider-list-memo.ts); the rest read lazily from base views shared by
 * consumers alike, with one base spread patched per consumer (override-effect.ts).
 * Consumers alike share their judged providers and, when both states are alike, their row.
 * What depends on the provider list alone is kept while the catalog holds the list.
 */
export function previewOverrides(input: OverridePreviewInput): ConfigPreviewResponse {
  const heldBefore = new HeldCopies(input.before, null);
  const heldAfter = new HeldCopies(input.after, heldBefore);
  const providers = ProviderListMemo.registered(input.providers);
  const keys = previewKeys(input.before, input.after);
  const readKeys = [...new Set([...keys, ...EFFECT_KEYS])];
  const now = input.clock.now();
  const listMax = input.listMax ?? CONFIG_PREVIEW_LIST_MAX;
  const notes: string[] = [];
  const shown = new Set(keys);
  // Consumers alike share their base views (by every key read) and their base spread (by the keys the spread reads), per provider list.
  // Kept with the provider list (provider-list-memo.ts) while the catalog holds it: views by what they read, and spreads that no warm-up can still change.
  const viewsOf = (c: PreviewConsumer, kept: readonly DubboUrl[], overrideMade: boolean) => ProviderListMemo.of(kept).entry(`views\u0000${readKeys.join("\u0001")}\u0000${baseId(c, overrideMade, readKeys, shown)}`, () => new BaseViews(c, kept, readKeys, overrideMade));
  const spreads = new Map<readonly DubboUrl[], Map<string, Spread>>();
  const spreadOf = (c: PreviewConsumer, kept: readonly DubboUrl[]) => {
    let made = spreads.get(kept);
    if (made === undefined) spreads.set(kept, (made = new Map()));
    const id = `spread\u0000${spreadId(c)}`;
    let spread = made.get(id);
    if (spread !== undefined) return spread;
    const memo = ProviderListMemo.of(kept);
    spread = memo.filed<Spread>(id);
    if (spread === undefined || !spread.holdsFrom(now)) {
      spread = Spread.of(kept.length, (i) => baseEffectValues(c, kept[i]!), c.semantics, now);
      if (!spread.timeDependent) memo.file(id, spread);
    }
    made.set(id, spread);
    return spread;
  };
  // Providers judged for one consumer, shared with consumers alike (override-judge.ts judgedAlike), per provider list.
  const judged = new Map<readonly DubboUrl[], JudgedShare>();
  const state = (c: PreviewConsumer, held: HeldCopies, kept: readonly DubboUrl[]): ConsumerState & { signature: string | null } => {
    const sources = held.sources(c.url, c.semantics, c.readsCenter);
    let shared = judged.get(kept);
    if (shared === undefined) judged.set(kept, (shared = { views: new Map(), shown: (k) => shown.has(k) }));
    const reading = readConsumer(c, sources, kept, readKeys, (made) => viewsOf(c, kept, made), shared);
    const base = spreadOf(c, kept);
    return { reading, spread: base.patch(reading.touched, c.semantics, now), signature: reading.signature === null ? null : `${identityOf(base)}\u0000${reading.signature}` };
  };
  // Consumers whose states are alike in both (same views, same spreads) share their row but for who they are.
  const alikeRows = new Map<string, PreviewConsumerRow>();
  const all = input.byHand ? [...input.consumers, input.byHand] : input.consumers;
  const keptBy = new Map<string, readonly DubboUrl[]>();
  const rows = all.map((c) => {
    const protocol = paramOr(c.url, "protocol", "");
    let kept = keptBy.get(protocol);
    if (kept === undefined) keptBy.set(protocol, (kept = protocolsKept(c.url, providers)));
    if (kept !== providers) notes.push(`${c.application || c.host} reads only ${paramOr(c.url, "protocol", "")} providers: ${providers.length - kept.length} of another protocol left out.`);
    const before = state(c, heldBefore, kept);
    const after = state(c, heldAfter, kept);
    const id = before.signature === null || after.signature === null ? null : `${identityOf(kept)}\u0001${before.signature}\u0001${after.signature}`;
    const alike = id === null ? undefined : alikeRows.get(id);
    if (alike !== undefined) return rowAs(c, alike);
    const row = consumerRow(c, kept, before, after, keys, listMax);
    if (id !== null) alikeRows.set(id, row);
    return row;
  });
  for (const c of all) if (!c.knownRelease) notes.push(`${c.application || c.host}: ${c.release === "" ? "its URL states no Dubbo release" : `Dubbo ${JSON.stringify(c.release)} is not a release this console knows`}; judged as Dubbo 3.3.6.`);
  for (const [release, key] of refusalKeys(input, all)) {
    const why = heldAfter.refused(key, release);
    if (why !== null) notes.push(`Dubbo ${release === "2.7" ? "2.7.23" : "3.3.6"} refuses the draft's ${key}.configurators (${why}): its consumers keep the configurators they hold.`);
  }
  if (rows.some((r) => r.semantics === "3.x" && r.changed)) notes.push("Dubbo 3.3.6 weighs providers only when the first one it holds has a weight (its order is its invoker map's; the preview takes the registry's), and strips the providers' timestamp, so no warm-up.");
  const side = providerSide(providers, heldBefore, heldAfter, keys, listMax);
  const summary = rows.filter((r) => r.changed).map((r) => r.summary);
  if (side.changed > 0) summary.push(`${side.changed} provider${side.changed === 1 ? "" : "s"} re-export with a new URL (provider-side keys), which their consumers then read.`);
  return {
    service: { interface: input.service.interface, group: input.service.group, version: input.service.version },
    keys,
    consumers: rows,
    stranded: rows.filter((r) => r.stranded).map((r) => r.consumer),
    providerSide: side.rows,
    providerSideChanged: side.changed,
    summary,
    notes: [...new Set(notes)],
  };
}

/** The keys every row shows: the usual ones, then every key a configurator of either state sets. */
export function previewKeys(before: OverrideCopies, after: OverrideCopies): string[] {
  const keys = new Set<string>(CONFIG_PREVIEW_KEYS);
  const skip = new Set(CONDITION_KEYS);
  for (const copies of [before, after]) {
    for (const urls of copies.registry.values()) for (const u of urls) for (const k of Object.keys(u.parameters)) if (!skip.has(k) && !k.startsWith("~") && k !== "priority" && k !== "anyhost") keys.add(k);
    for (const text of copies.center.values()) for (const k of centerParameterKeys(text)) keys.add(k);
  }
  keys.delete("providerAddresses");
  return [...keys];
}

/** The keys under a rule's `parameters:` blocks, read loosely (the rule's own parse decides what it sets). */
function centerParameterKeys(text: string): string[] {
  const out: string[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)(?:- )?parameters\s*:\s*(\{.*\})?\s*$/.exec(lines[i]!);
    if (!m) continue;
    if (m[2]) {
      for (const pair of m[2].slice(1, -1).split(",")) {
        const k = pair.split(":")[0]?.trim().replace(/^["']|["']$/g, "");
        if (k) out.push(k);
      }
      continue;
    }
    const indent = m[1]!.length;
    for (let j = i + 1; j < lines.length; j++) {
      const line = lines[j]!;
      if (line.trim() === "") continue;
      const d = /^(\s*)([^\s:#][^:]*?)\s*:/.exec(line);
      if (!d || d[1]!.length <= indent) break;
      out.push(d[2]!.replace(/^["']|["']$/g, ""));
    }
  }
  return out;
}

/** The providers of the consumer's `protocol` list (RegistryDirectory's checkProtocolValid); all when it names none. */
function protocolsKept(consumer: DubboUrl, providers: readonly DubboUrl[]): readonly DubboUrl[] {
  const wanted = paramOr(consumer, "protocol", "");
  if (wanted === "") return providers;
  const list = wanted.split(",");
  return providers.filter((p) => list.includes(p.protocol));
}

/** What the untouched views of a consumer depend on: its semantics, the override URL's coming, and its own values of the keys read; with the provider list's protocols. */
function baseId(c: PreviewConsumer, overrideMade: boolean, keys: readonly string[], shown: ReadonlySet<string>): string {
  // 2.7.23's merged URL keeps the provider's `release`, `timestamp`, … whatever the consumer says; 3.3.6's
  // `timestamp` is read by nothing but the rows (its registry strips the providers', so no warm-up): a
  // consumer's own registration time does not split the consumers into kinds unless a rule shows it.
  const ignored = (k: string) => (c.semantics === "2.7" ? KEPT_FROM_PROVIDER.has(k) : k === "timestamp" && !shown.has(k));
  const own = [...keys, "protocol"].map((k) => (ignored(k) ? "" : (rawParam(c.url, k) ?? "\u0001")));
  return [c.semantics, overrideMade ? "o" : "-", c.url.path, ...own].join("\u0000");
}

/** What a consumer's base spread depends on (baseEffectValues): its semantics and its own values of the keys the spread reads. */
function spreadId(c: PreviewConsumer): string {
  const ignored = (k: string) => (c.semantics === "2.7" ? KEPT_FROM_PROVIDER.has(k) : k === "timestamp");
  return [c.semantics, ...EFFECT_KEYS.map((k) => (ignored(k) ? "" : (rawParam(c.url, k) ?? "\u0001")))].join("\u0000");
}

/** The config-center keys the consumers read, per release. */
function refusalKeys(input: OverridePreviewInput, consumers: readonly PreviewConsumer[]): [DubboRelease, string][] {
  const out = new Map<string, [DubboRelease, string]>();
  for (const c of consumers) {
    if (!c.readsCenter) continue;
    for (const key of [paramOr(c.url, "application", ""), consumerServiceRuleKey(c.url)]) {
      if (input.after.center.get(key) !== input.before.center.get(key)) out.set(`${c.semantics} ${key}`, [c.semantics, key]);
    }
  }
  return [...out.values()];
}
