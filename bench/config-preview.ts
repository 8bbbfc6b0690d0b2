/**
 * Issue 16's "Measured": a preview of one override against 10,000 providers and 40 registered
 * consumers, "under 20 ms server-side, and no slower than the Java configurators on the same
 * data in the same run".
 *
 * One service with 10,000 providers shaped like the rig's 2.7.23 and 3.3.6 peers'
 * (bench/registry-urls.ts) and 40 registered consumers (30 Dubbo 2.7.23, 10 Dubbo 3.3.6,
 * bench/preview-registry.ts's fleet). Saved copies: a registry override raising one
 * provider's weight and a service config-center rule with a consumer-side timeout for one
 * consumer application. The draft (the issue's operator action): take one provider offline
 * through the service's config-center rule, and give another a weight of 900.
 * - ours: `previewOverrides` (server/governance/preview/override/override-preview.ts) on the providers
 *   as the catalog holds them (parsed), after a few untimed calls for the JIT: rules parsed,
 *   every consumer judged before and after, rows, shares and summaries built; what the
 *   preview derives from the provider list alone is kept while the catalog holds the list
 *   (server/governance/preview/override/provider-list-memo.ts), so the first preview after a catalog
 *   change is printed apart;
 * - Java: every consumer's RegistryDirectory view of the 10,000 providers under the
 *   configurators, before and after (test/peers DubboConsumerView: UrlUtils.isMatch, the
 *   rules parsed, mergeUrl and overrideWithConfigurator on 2.7.23, the override URL of a
 *   DubboServiceAddressURL on 3.3.6, toInvokers' disabled check, getWeight), in a JVM per
 *   line after 3 s of JIT warm-up; its time is the two lines' medians added.
 * A second draft, a timeout for every consumer and provider (`0.0.0.0`), reaches all 10,000
 * providers of every consumer: printed too, not a goal.
 * Figures are medians and 95th percentiles over the rounds, wall time, with the load average.
 */
import { CONFIG_PREVIEW_PAGE_LIST } from "@/lib/api/overrides/config-preview";
import { consumerServiceRuleKey } from "@/lib/dubbo/rules/config-rule-key";
import { javaUrlEncode, parseDubboUrl } from "@/lib/dubbo/url";
import type { OverrideCopies } from "@/lib/override/override-copies";
import { previewOverrides } from "@/server/governance/preview/override/override-preview";
import { previewConsumer } from "@/server/governance/preview/override/override-reader";
import { benchJavaViews, type ViewCase } from "../test/support/config-view-oracle";
import { benchConsumer } from "./preview-registry";
import { goal } from "./registry-goals";
import { load, SHAPE } from "./route-preview";
import { providerUrl, serviceInterface } from "./registry-urls";

const PROVIDERS = 10_000;
const CONSUMERS = 40;
const SERVICE = SHAPE.service;
const JIT_CALLS = 5;
const GOAL_MS = 20;

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
function p95(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)]!;
}

/** The copies as text: the registry override URLs and the service rule. */
interface Texts {
  readonly registry: readonly string[];
  readonly serviceRule: string | null;
}

function serviceRule(iface: string, items: readonly string[]): string {
  return `configVersion: v3.0\nscope: service\nkey: ${iface}\nenabled: true\nconfigs:\n${items.join("")}`;
}

function addressOf(url: string): string {
  return /^dubbo:\/\/([^/]+)\//.exec(url)![1]!;
}

export async function benchConfigPreview(rounds: number): Promise<string[]> {
  const iface = serviceInterface(SERVICE);
  const providerTexts = Array.from({ length: PROVIDERS }, (_, p) => providerUrl(SERVICE, p));
  const providers = providerTexts.map((u) => parseDubboUrl(u));
  const consumerTexts = Array.from({ length: CONSUMERS }, (_, c) => benchConsumer({ ...SHAPE, consumers: CONSUMERS }, c));
  const consumers = consumerTexts.map((t) => previewConsumer(t, parseDubboUrl(t), false));
  const apps = [...new Set(consumers.map((c) => c.application))];
  const raised = addressOf(providerTexts[11]!);
  const offline = addressOf(providerTexts[7]!);
  const heavier = addressOf(providerTexts[8]!);
  const timeoutItem = `  - side: consumer\n    applications: [${apps[0]}]\n    parameters:\n      timeout: 5000\n`;
  const before: Texts = { registry: [`override://${raised}/${iface}?category=configurators&dynamic=false&enabled=true&weight=200`], serviceRule: serviceRule(iface, [timeoutItem]) };
  const draft: Texts = {
    registry: before.registry,
    serviceRule: serviceRule(iface, [timeoutItem, `  - side: consumer\n    addresses: [0.0.0.0]\n    providerAddresses: ["${offline}"]\n    parameters:\n      disabled: true\n`, `  - side: consumer\n    addresses: [0.0.0.0]\n    providerAddresses: ["${heavier}"]\n    parameters:\n      weight: 900\n`]),
  };
  const wide: Texts = { registry: [...before.registry, `override://0.0.0.0/${iface}?category=configurators&dynamic=false&enabled=true&timeout=8000`], serviceRule: before.serviceRule };
  const serviceKey = consumerServiceRuleKey(consumers[0]!.url);
  const copies = (t: Texts): OverrideCopies => ({ registry: new Map([[javaUrlEncode(iface), t.registry.map((u) => parseDubboUrl(u))]]), center: t.serviceRule === null ? new Map() : new Map([[serviceKey, t.serviceRule]]) });
  const now = Date.now();
  const input = (after: Texts) => ({ service: { interface: iface, group: "", version: "" }, before: copies(before), after: copies(after), providers, consumers, clock: { now: () => now } });

  const time = (after: Texts, n: number, jit: number) => {
    const ms: number[] = [];
    let answer = previewOverrides(input(after));
    for (let i = 0; i < jit + n; i++) {
      const args = input(after);
      const started = performance.now();
      answer = previewOverrides(args);
      const took = performance.now() - started;
      if (i >= jit) ms.push(took);
    }
    return { ms, answer };
  };
  const out = [`config-preview: one override against ${PROVIDERS} providers and ${CONSUMERS} consumers (${consumers.filter((c) => c.semantics === "2.7").length} Dubbo 2.7.23, ${consumers.filter((c) => c.semantics === "3.x").length} Dubbo 3.3.6), ${rounds} rounds (${load()})`];
  out.push(`  draft: ${offline} offline and ${heavier} weight 900 in ${serviceKey}.configurators (saved: ${raised} weight 200 in the registry, timeout 5000 for ${apps[0]})`);
  const ours = time(draft, rounds, JIT_CALLS);
  // The first preview after the catalog's provider list changes: a new array, so nothing derived from the list is kept yet.
  const cold: number[] = [];
  for (let i = 0; i < Math.min(rounds, 10); i++) {
    const args = { ...input(draft), providers: providers.slice() };
    const started = performance.now();
    previewOverrides(args);
    cold.push(performance.now() - started);
  }
  const a = ours.answer;
  // The route handler sends the answer as JSON (app/api/_lib/preview-answer.ts): its size and the time to write it.
  const written = (answer: unknown) => {
    const ms: number[] = [];
    let bytes = 0;
    for (let i = 0; i < Math.min(rounds, 10); i++) {
      const started = performance.now();
      bytes = Buffer.byteLength(JSON.stringify(answer));
      ms.push(performance.now() - started);
    }
    return `${(bytes / 1024).toFixed(0)} KiB, written in median ${median(ms).toFixed(2)} ms`;
  };
  const json = written(a);
  // The console's pages ask for fewer rows (CONFIG_PREVIEW_PAGE_LIST): their answer, and its time besides.
  const pageMs: number[] = [];
  let pageAnswer = previewOverrides({ ...input(draft), listMax: CONFIG_PREVIEW_PAGE_LIST });
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    pageAnswer = previewOverrides({ ...input(draft), listMax: CONFIG_PREVIEW_PAGE_LIST });
    pageMs.push(performance.now() - started);
  }
  const pageJson = written(pageAnswer);
  const changed = a.consumers.filter((r) => r.changed).length;
  out.push(`  answer: ${changed} of ${a.consumers.length} consumers change; e.g. ${a.consumers.find((r) => r.changed)?.summary ?? "none"}`);

  const javaMs: number[] = [];
  for (const line of (process.env.BENCH_CONFIG_NO_JAVA ? [] : ["2.7", "3.x"]) as ("2.7" | "3.x")[]) {
    const mine = consumerTexts.filter((_, i) => consumers[i]!.semantics === line);
    const cases: ViewCase[] = mine.flatMap((consumer) => [before, draft].map((t) => ({ view: true as const, keys: a.keys, registry: t.registry, appRule: null, serviceRule: t.serviceRule, consumer, providers: providerTexts })));
    const timings = await benchJavaViews(line, cases, rounds);
    javaMs.push(median(timings.map((t) => t.micros)) / 1000);
  }
  // BENCH_CONFIG_NO_JAVA=1 (a quick look at ours alone) leaves Java's figures not measured.
  while (javaMs.length < 2) javaMs.push(Number.NaN);
  const java = javaMs[0]! + javaMs[1]!;
  const m = median(ours.ms);
  const show = (x: number) => `${x} ms`;
  const times = (x: number) => `${x.toFixed(1)}x Java`;
  out.push(
    `    ${"Java configurators (2.7.23 + 3.3.6 views)".padEnd(46)}: ${java.toFixed(2)} ms (2.7.23 ${javaMs[0]!.toFixed(2)} ms for ${consumers.filter((c) => c.semantics === "2.7").length} consumers, 3.3.6 ${javaMs[1]!.toFixed(2)} ms for ${consumers.filter((c) => c.semantics === "3.x").length}, before and after each)`,
    `    ${"previewOverrides".padEnd(46)}: median ${m.toFixed(2)} ms ${goal(m, GOAL_MS, show)}, p95 ${p95(ours.ms).toFixed(2)} ms`,
    `    ${"  ratio to Java".padEnd(46)}: ${(m / java).toFixed(3)} ${goal(m / java, 1, times, true)}`,
    `    ${"  the answer as JSON".padEnd(46)}: ${json} (the route handler's share besides the preview)`,
    `    ${`  as the pages ask (listMax ${CONFIG_PREVIEW_PAGE_LIST})`.padEnd(46)}: median ${median(pageMs).toFixed(2)} ms, p95 ${p95(pageMs).toFixed(2)} ms; JSON ${pageJson}`,
    `    ${"  first preview of a new provider list".padEnd(46)}: median ${median(cold).toFixed(2)} ms, p95 ${p95(cold).toFixed(2)} ms (the list's memo empty: once per catalog change, not a goal)`,
  );
  // BENCH_CONFIG_NO_WIDE=1 (iterating on the draft alone) leaves the second draft out.
  if (process.env.BENCH_CONFIG_NO_WIDE) return [...out, `  at the end: ${load()}`];
  const everyone = time(wide, Math.min(rounds, 3), 0);
  out.push(`    ${"a timeout for all (0.0.0.0; not a goal)".padEnd(46)}: median ${median(everyone.ms).toFixed(2)} ms, p95 ${p95(everyone.ms).toFixed(2)} ms (every provider of every consumer configured)`);
  out.push(`  at the end: ${load()}`);
  return out;
}
