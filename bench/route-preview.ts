/**
 * Issue 7's "Measured": a preview of one rule against 10,000 realistic providers, "under
 * 20 ms server-side, and no slower than Java's own ConditionRouter on the same data in the
 * same run".
 *
 * One service with 10,000 providers shaped like the rig's 2.7.23 and 3.3.6 peers'
 * (bench/registry-urls.ts: half of each shape, unique timestamps and pids) and one of its
 * consumers; one rule with a when side on the consumer and the call, and a then side with
 * globs and a `!=` over every provider. For each semantics, in one process:
 * - the engine: `routeCondition` with every provider's reason, as the preview API runs it,
 *   with the parsed-URL cache warm (the registry's providers, parsed at an earlier
 *   keystroke) and cold (every URL parsed in the call), after a few untimed calls for the JIT;
 * - Java: ConditionRouter 2.7.23 and ConditionStateRouter 3.3.6 routing the same providers
 *   (invokers built once, as a consumer builds them at notify time; full JIT after a 3 s
 *   warm-up) in a JVM of their own (test/support/route-oracle-bench.ts).
 * Figures are medians over the rounds; both sides must keep the same providers. The goals
 * are printed against both engine figures: warm is the preview's steady state (the
 * registry's providers were parsed at an earlier keystroke, as Java builds its invokers
 * once at notify time); cold also parses all 10,000 URLs, which Java's route() never does.
 */
import { availableParallelism, loadavg } from "node:os";
import { forgetParsedUrls, routeCondition } from "@/lib/routing/condition-route";
import type { RouteSemantics } from "@/lib/routing/route-semantics";
import { benchJavaRoute } from "../test/support/route-oracle-bench";
import { goal } from "./registry-goals";
import { consumerUrl, providerUrl } from "./registry-urls";

const PROVIDERS = 10_000;
const SERVICE = 1;
const RULE = "application = web-gateway-* & method = create,update => host = 10.16.1*,10.16.3* & release != 2.7.23";
const METHOD = "create";
/** Untimed calls before the timed ones, so V8 has optimised the routing code. */
const JIT_CALLS = 5;
/** The goals: under 20 ms, and at most Java's time. */
const GOAL_MS = 20;
const GOAL_VS_JAVA = 1;

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Times `rounds` previews (after the JIT calls); `cold` forgets the parsed URLs before each. */
function timeEngine(semantics: RouteSemantics, consumer: string, providers: readonly string[], rounds: number, cold: boolean): { ms: number[]; kept: number } {
  const ms: number[] = [];
  let kept = -1;
  for (let i = 0; i < JIT_CALLS + rounds; i++) {
    if (cold) forgetParsedUrls();
    const started = performance.now();
    const routed = routeCondition({ rule: RULE, force: false, semantics, consumer, invocation: { method: METHOD }, providers });
    const took = performance.now() - started;
    if (routed.providers.some((p) => p.reason === "")) throw new Error("a provider has no reason");
    if (i >= JIT_CALLS) ms.push(took);
    kept = routed.result.length;
  }
  return { ms, kept };
}

export async function benchRoutePreview(rounds: number): Promise<string[]> {
  const providers = Array.from({ length: PROVIDERS }, (_, p) => providerUrl(SERVICE, p));
  const consumer = consumerUrl(SERVICE, 0);
  const out = [
    `route-preview: one rule against ${PROVIDERS} providers of one service, ${rounds} rounds, medians (load average ${loadavg()[0]!.toFixed(1)}, ${availableParallelism()} cores)`,
    `  rule: ${RULE}  (call: ${METHOD}, force=false)`,
  ];
  for (const [semantics, line, router] of [
    ["2.7", "2.7", "ConditionRouter 2.7.23"],
    ["3.x", "3.x", "ConditionStateRouter 3.3.6"],
  ] as const) {
    forgetParsedUrls();
    const warm = timeEngine(semantics, consumer, providers, rounds, false);
    const cold = timeEngine(semantics, consumer, providers, rounds, true);
    const java = await benchJavaRoute({ line, rule: RULE, force: false, consumer, providers, rounds, method: METHOD });
    const javaMs = median(java.map((t) => t.micros)) / 1000;
    const javaKept = java[java.length - 1]!.kept;
    if (javaKept !== warm.kept || javaKept !== cold.kept) {
      throw new Error(`${semantics}: the engine kept ${warm.kept} (cold ${cold.kept}) providers, Java ${javaKept}: not the same routing`);
    }
    const warmMs = median(warm.ms);
    const coldMs = median(cold.ms);
    const show = (x: number) => `${x} ms`;
    const times = (x: number) => `${x.toFixed(1)}x Java`;
    const label = (text: string) => `    ${text.padEnd(42)}: `;
    out.push(
      `  ${semantics}: ${javaKept} of ${PROVIDERS} kept by both`,
      `${label("engine, parsed URLs warm (with reasons)")}${warmMs.toFixed(2)} ms ${goal(warmMs, GOAL_MS, show)} (fastest call ${Math.min(...warm.ms).toFixed(2)} ms)`,
      `${label("engine, parsed URLs cold (with reasons)")}${coldMs.toFixed(2)} ms ${goal(coldMs, GOAL_MS, show)} (fastest call ${Math.min(...cold.ms).toFixed(2)} ms)`,
      `${label(`Java ${router}`)}${javaMs.toFixed(2)} ms (fastest call ${(Math.min(...java.map((t) => t.minMicros)) / 1000).toFixed(2)} ms)`,
      `${label("ratio engine warm / Java")}${(warmMs / javaMs).toFixed(2)} ${goal(warmMs / javaMs, GOAL_VS_JAVA, times, true)}`,
      `${label("ratio engine cold / Java")}${(coldMs / javaMs).toFixed(2)} ${goal(coldMs / javaMs, GOAL_VS_JAVA, times, true)}`,
    );
  }
  return out;
}
