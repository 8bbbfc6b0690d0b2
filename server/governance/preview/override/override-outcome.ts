import { CONFIG_PREVIEW_LIST_MAX, type DecidedBy, type PreviewConsumerRow, type PreviewProviderRow } from "@/lib/api/overrides/config-preview";
import type { DubboUrl } from "@/lib/dubbo/url";
import type { Spread } from "./override-effect";
import type { ConsumerReading, PairView } from "./override-judge";
import type { PreviewConsumer } from "./override-reader";
import { ProviderListMemo } from "./provider-list-memo";

/** How many providers a summary names, and below how many kept providers it spells the whole split. */
const NAMED = 3;
const SPLIT_MAX = 4;

/** One state (before or after) of a consumer, read and spread. */
export interface ConsumerState {
  readonly reading: ConsumerReading;
  readonly spread: Spread;
}

/** Same values, each decided by the same rule (by copy, node and position: the states' rules are different objects). */
function sameView(a: PairView, b: PairView, keys: readonly string[]): boolean {
  if (a === b) return true;
  for (const k of keys) if (a.values[k] !== b.values[k] || !sameBy(a.by[k], b.by[k])) return false;
  return true;
}

export function sameBy(a: DecidedBy | undefined, b: DecidedBy | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return (a ?? null) === (b ?? null);
  return a.copy === b.copy && a.source === b.source && a.index === b.index;
}

/**
 * The providers whose values differ between the states: only touched ones can, unless
 * 3.3.6's override URL comes or goes, or the rules that reach every provider alike differ.
 */
function changedProviders(before: ConsumerState, after: ConsumerState, count: number, keys: readonly string[]): number[] {
  const differs = (i: number) => !sameView(before.reading.view(i), after.reading.view(i), keys) || before.spread.usableAt(i) !== after.spread.usableAt(i);
  const candidates = new Set<number>();
  for (const i of before.reading.touched.keys()) candidates.add(i);
  for (const i of after.reading.touched.keys()) candidates.add(i);
  const out: number[] = [];
  if (before.reading.overrideMade === after.reading.overrideMade && before.reading.general === after.reading.general) {
    for (const i of candidates) if (differs(i)) out.push(i);
    return out.sort((x, y) => x - y);
  }
  const classB = before.reading.classOf;
  const classA = after.reading.classOf;
  if (before.reading.overrideMade !== after.reading.overrideMade || classB === null || classA === null) {
    for (let i = 0; i < count; i++) if (differs(i)) out.push(i);
    return out;
  }
  // Outside the touched providers, each state's view is its class's: one comparison per pair of classes.
  const pairs = new Map<number, boolean>();
  for (let i = 0; i < count; i++) {
    if (candidates.has(i)) {
      if (differs(i)) out.push(i);
      continue;
    }
    const pair = (classB(i) + 1) * (count + 1) + (classA(i) + 1);
    let changed = pairs.get(pair);
    if (changed === undefined) pairs.set(pair, (changed = differs(i)));
    if (changed) out.push(i);
  }
  return out;
}

type Picked = { values: Record<string, string | null>; by: PreviewProviderRow["beforeBy"] };

/** Picked views per shown keys: consumers alike share their views, and so their rows' values. */
const picks = new WeakMap<readonly string[], WeakMap<PairView, Picked>>();

function pick(v: PairView, keys: readonly string[]): Picked {
  let byView = picks.get(keys);
  if (byView === undefined) picks.set(keys, (byView = new WeakMap()));
  let picked = byView.get(v);
  if (picked === undefined) byView.set(v, (picked = pickNew(v, keys)));
  return picked;
}

function pickNew(v: PairView, keys: readonly string[]): Picked {
  const values: Record<string, string | null> = {};
  const by: PreviewProviderRow["beforeBy"] = {};
  for (const k of keys) {
    values[k] = v.values[k] ?? null;
    by[k] = v.by[k] ?? null;
  }
  return { values, by };
}

function providerRow(i: number, providers: readonly DubboUrl[], before: ConsumerState, after: ConsumerState, keys: readonly string[], changed: boolean): PreviewProviderRow {
  const b = pick(before.reading.view(i), keys);
  const a = pick(after.reading.view(i), keys);
  return {
    address: ProviderListMemo.of(providers).addresses()[i]!,
    values: { before: b.values, after: a.values },
    beforeBy: b.by,
    afterBy: a.by,
    usable: { before: before.spread.usableAt(i), after: after.spread.usableAt(i) },
    share: { before: before.spread.shareOf(i), after: after.spread.shareOf(i) },
    changed,
  };
}

const percent = (x: number | null) => (x === null ? "-" : `${Math.round(x * 100)}`);
const fine = (x: number | null) => (x === null ? "none" : `${(x * 100).toFixed(x < 0.01 ? 3 : 1)}%`);

/**
 * A consumer's row: its changed providers (then unchanged ones, up to `listMax`),
 * their shares, whether it is left without a provider, and a sentence for an operator.
 */
export function consumerRow(consumer: PreviewConsumer, providers: readonly DubboUrl[], before: ConsumerState, after: ConsumerState, keys: readonly string[], listMax = CONFIG_PREVIEW_LIST_MAX): PreviewConsumerRow {
  const changed = changedProviders(before, after, providers.length, keys);
  const changedSet = new Set(changed);
  const rows = changed.slice(0, listMax).map((i) => providerRow(i, providers, before, after, keys, true));
  for (let i = 0; i < providers.length && rows.length < listMax; i++) if (!changedSet.has(i)) rows.push(providerRow(i, providers, before, after, keys, false));
  const weighted = before.spread.weighted || after.spread.weighted;
  const listed = weighted ? changed.slice(0, listMax) : [];
  const shareRows = listed.map((i) => ({ address: ProviderListMemo.of(providers).addresses()[i]!, before: before.spread.shareOf(i), after: after.spread.shareOf(i) }));
  // The others: every provider not listed (unchanged, or changed past the list's cap), so the rows and the others add up.
  const sumOf = (s: Spread) => listed.reduce((t, i) => t + (s.shareOf(i) ?? 0), 0);
  const othersShare = (s: Spread) => (s.weighted && s.usableCount > 0 && !s.unparsable ? Math.max(0, 1 - sumOf(s)) : 0);
  const stranded = after.spread.usableCount === 0 && before.spread.usableCount > 0;
  const sharesMoved = weighted && !before.spread.unparsable && !after.spread.unparsable && (before.spread.total !== after.spread.total || before.spread.uniform !== after.spread.uniform);
  const isChanged = changed.length > 0 || sharesMoved || before.spread.loadbalance !== after.spread.loadbalance;
  return {
    ...consumerFields(consumer),
    usable: { before: before.spread.usableCount, after: after.spread.usableCount },
    weighted: { before: before.spread.weighted, after: after.spread.weighted },
    providers: rows,
    providersChanged: changed.length,
    shares: { rows: shareRows, others: { before: othersShare(before.spread), after: othersShare(after.spread) }, othersCount: weighted ? Math.max(0, providers.length - listed.length) : 0 },
    stranded,
    changed: isChanged,
    summary: summaryOf(consumer, providers, before, after, changed, keys, stranded, isChanged),
    problem: null,
  };
}

/** The fields of a consumer row that say who the consumer is. */
function consumerFields(consumer: PreviewConsumer): Pick<PreviewConsumerRow, "consumer" | "application" | "host" | "release" | "semantics" | "reads" | "byHand"> {
  return {
    consumer: consumer.text,
    application: consumer.application,
    host: consumer.host,
    release: consumer.release,
    semantics: consumer.semantics,
    reads: consumer.readsCenter ? ["registry", "center"] : ["registry"],
    byHand: consumer.byHand,
  };
}

/**
 * `row` (another consumer's, whose states are alike in both: the same views and spreads) as
 * `consumer`'s: who it is, and its summary in its own name.
 */
export function rowAs(consumer: PreviewConsumer, row: PreviewConsumerRow): PreviewConsumerRow {
  const theirs = row.application || row.host;
  return {
    ...row,
    ...consumerFields(consumer),
    summary: `${consumer.application || consumer.host}${row.summary.slice(theirs.length)}`,
  };
}

function summaryOf(consumer: PreviewConsumer, providers: readonly DubboUrl[], before: ConsumerState, after: ConsumerState, changed: readonly number[], keys: readonly string[], stranded: boolean, isChanged: boolean): string {
  const who = consumer.application || consumer.host;
  if (!isChanged) return `${who}: unchanged`;
  const addresses = ProviderListMemo.of(providers).addresses();
  // The changed providers at the first NAMED addresses (a registry can hold two URLs of one address: said once).
  const namedAddresses = new Set<string>();
  const named: number[] = [];
  for (const i of changed) {
    if (!namedAddresses.has(addresses[i]!)) {
      if (namedAddresses.size === NAMED) continue;
      namedAddresses.add(addresses[i]!);
    }
    named.push(i);
  }
  const said = new Set<string>();
  const parts: string[] = [];
  const say = (part: string) => {
    if (!said.has(part)) parts.push(part);
    said.add(part);
  };
  for (const i of named) {
    const address = addresses[i]!;
    const b = before.reading.view(i);
    const a = after.reading.view(i);
    const wasUsable = before.spread.usableAt(i);
    const isUsable = after.spread.usableAt(i);
    if (wasUsable && !isUsable) say(`${address} leaves its providers`);
    else if (!wasUsable && isUsable) say(`${address} rejoins its providers`);
    const moved = keys.filter((k) => k !== "disabled" && k !== "enabled" && b.values[k] !== a.values[k]).map((k) => `${k} ${b.values[k] ?? "unset"} → ${a.values[k] ?? "unset"}`);
    if (moved.length > 0) say(`${address}: ${moved.join(", ")}`);
  }
  const more = changed.length - named.length;
  if (more > 0) parts.push(`and ${more} more provider${more === 1 ? "" : "s"} change${more === 1 ? "s" : ""}`);
  if (stranded) parts.push("no provider is left: its calls fail");
  else if (before.spread.weighted && after.spread.weighted && !before.spread.unparsable && !after.spread.unparsable) {
    // The providers either state keeps: at least as many as the larger count, so no scan when that is over the split's cap.
    const both = Math.max(before.spread.usableCount, after.spread.usableCount) > SPLIT_MAX ? [] : providers.map((_, i) => i).filter((i) => before.spread.usableAt(i) || after.spread.usableAt(i));
    if (both.length <= SPLIT_MAX && both.length > 1) {
      const split = (s: Spread) => both.map((i) => percent(s.shareOf(i) ?? 0)).join("/");
      const b = split(before.spread);
      const a = split(after.spread);
      if (b !== a) parts.push(`weight split ${b} → ${a}`);
    } else {
      for (const i of named) {
        const b = before.spread.shareOf(i);
        const a = after.spread.shareOf(i);
        if (b !== a) say(`${addresses[i]!} share ${fine(b)} → ${fine(a)}`);
      }
    }
  }
  if (before.spread.loadbalance !== after.spread.loadbalance) parts.push(`load balance ${before.spread.loadbalance} → ${after.spread.loadbalance}`);
  if (!before.spread.weighted && !after.spread.weighted && parts.length === 0) parts.push("shares unchanged (its load balance does not weigh)");
  return `${who}: ${parts.length > 0 ? parts.join("; ") : "shares change"}`;
}
