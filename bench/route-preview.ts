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
 * - the server: `previewRoute` on the real path (bench/route-preview-server.ts): a
 *   ZooKeeper holding the same 10,000 providers, 40 registered consumers (30 Dubbo 2.7.23,
 *   10 Dubbo 3.3.6) and two saved routes, read by a console Engine; the issue's request
 *   (rule, consumer, call; the registry's providers; the default views: chain, impact,
 *   other semantics), warm after the first call: a new draft at every call (a keystroke:
 *   the host condition edited) and the same request again.
 * Figures are medians over the rounds; all must keep the same providers. The goals are
 * printed against the engine and server figures: warm is the preview's steady state (the
 * registry's providers were parsed at an earlier keystroke, as Java builds its invokers
 * once at notify time); cold also parses all 10,000 URLs, which Java's route() never does.
 * The machine's load average is printed before and after: the figures are wall time.
 */
import { availableParallelism, loadavg } from "node:os";
import { forgetParsedUrls, routeCondition } from "@/lib/routing/evaluate/condition-route";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { benchJavaRoute } from "../test/support/route-oracle-bench";
import type { PreviewRegistryShape } from "./preview-registry";
import { goal } from "./registry-goals";
import { benchServerPreview } from "./route-preview-server";
import { consumerUrl, providerUrl } from "./registry-urls";

export const PROVIDERS = 10_000;
const SERVICE = 1;
export const RULE = "application = web-gateway-* & method = create,update => host = 10.16.1*,10.16.3* & release != 2.7.23";
/**
 * The server's draft at its n-th call, as an operator typing a host: the host condition
 * with one more value, which no provider has (they are all on 10.16.*), so the same
 * providers are kept, and the host condition is judged anew at every call.
 */
const EDIT = (n: number) => RULE.replace("10.16.3*", `10.16.3*,10.99.${n >> 8}.${n & 255}`);
const METHOD = "create";
/** Untimed calls before the timed ones, so V8 has optimised the routing code. */
const JIT_CALLS = 5;
/** The goals: under 20 ms, and at most Java's time. */
const GOAL_MS = 20;
const GOAL_VS_JAVA = 1;
/** The server's registry: the engine's providers, and consumers and saved routes for the chain and impact views. */
export const SHAPE: PreviewRegistryShape = {
  service: SERVICE,
  providers: PROVIDERS,
  consumers: 40,
  release33Every: 4,
  routes: [
    { name: "drain one host", rule: "=> host != 10.16.0.7", priority: -1 },
    { name: "pin web-gateway-7", rule: "application = web-gateway-7 => host = 10.16.2*", priority: 5 },
  ],
};

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Times `rounds` previews (after the JIT calls); `cold` forgets the parsed URLs before each. */
function timeEngine(semantics: DubboRelease, consumer: string, providers: readonly string[], rounds: number, cold: boolean): { ms: number[]; kept: number } {
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

/** The machine's load: the figures are wall time, and the machine may be shared. */
/** The load average and cores, printed beside the figures. */
export function load(): string {
  return `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} on ${availableParallelism()} cores`;
}

export async function benchRoutePreview(rounds: number): Promise<string[]> {
  const providers = Array.from({ length: PROVIDERS }, (_, p) => providerUrl(SERVICE, p));
  const consumer = consumerUrl(SERVICE, 0);
  const out = [
    `route-preview: one rule against ${PROVIDERS} providers of one service, ${rounds} rounds, medians (${load()})`,
    `  rule: ${RULE}  (call: ${METHOD}, force=false)`,
    `  server: ${SHAPE.consumers} registered consumers (every ${SHAPE.release33Every}th Dubbo 3.3.6), saved routes ${SHAPE.routes.map((r) => JSON.stringify(r.rule)).join(", ")}`,
    `  server draft at call n (a keystroke): ${EDIT(0).replace("10.99.0.0", "10.99.<n/256>.<n%256>")}`,
  ];
  const server = await benchServerPreview(SHAPE, EDIT, METHOD, rounds);
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
    const served = server.get(semantics)!;
    if (javaKept !== warm.kept || javaKept !== cold.kept || javaKept !== served.kept) {
      throw new Error(`${semantics}: the engine kept ${warm.kept} (cold ${cold.kept}, server ${served.kept}) providers, Java ${javaKept}: not the same routing`);
    }
    const show = (x: number) => `${x} ms`;
    const times = (x: number) => `${x.toFixed(1)}x Java`;
    const label = (text: string) => `    ${text.padEnd(46)}: `;
    const figure = (text: string, ms: readonly number[]) => {
      const m = median(ms);
      return [
        `${label(text)}${m.toFixed(2)} ms ${goal(m, GOAL_MS, show)} (fastest call ${Math.min(...ms).toFixed(2)} ms)`,
        `${label(`  ratio to Java`)}${(m / javaMs).toFixed(2)} ${goal(m / javaMs, GOAL_VS_JAVA, times, true)}`,
      ];
    };
    out.push(
      `  ${semantics}: ${javaKept} of ${PROVIDERS} kept by all`,
      `${label(`Java ${router}`)}${javaMs.toFixed(2)} ms (fastest call ${(Math.min(...java.map((t) => t.minMicros)) / 1000).toFixed(2)} ms)`,
      ...figure("engine, parsed URLs warm (with reasons)", warm.ms),
      `${label("engine, parsed URLs cold (not a goal)")}${median(cold.ms).toFixed(2)} ms, ${(median(cold.ms) / javaMs).toFixed(2)}x Java (parses all ${PROVIDERS} URLs inside the call, which the server path never does)`,
      ...figure("server previewRoute, a new draft (keystroke)", served.keystroke),
      ...figure("server previewRoute, the same request again", served.repeat),
      `${label("server previewRoute, first call (not a goal)")}${served.first.toFixed(1)} ms (parses the providers, judges the saved routes)`,
      `${label("server answer")}chain of ${served.chainSteps} steps; ${served.changed} of ${served.consumers} consumers change; ${(served.answerBytes / 2 ** 20).toFixed(1)} MB of JSON, serialised by the handler in ${median(served.serialize).toFixed(1)} ms (not a goal)`,
    );
  }
  out.push(`  at the end: ${load()}`);
  return out;
}
