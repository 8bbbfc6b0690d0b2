/**
 * The server side of a route preview, timed on the real path: `previewRoute(body, engine)`,
 * as POST /api/v1/routes/preview calls it, with an Engine that has read a real ZooKeeper
 * holding the benchmark's service (bench/preview-registry.ts): its 10,000 providers come
 * from the catalog, its registered consumers feed the impact view, its saved routes the
 * chain. The request is issue 7's: a rule and a consumer (and the call), no providers, the
 * default views (chain, impact, other semantics). Figures, per semantics, after one untimed
 * call that parses the providers and a few for the JIT:
 * - `keystroke`: a new draft at every call, as when an operator types: `edit(n)` gives the
 *   rule of call n (one condition changed, keeping the same providers), so that condition is
 *   judged again on every provider at every call; the saved routes, the parsed providers
 *   and the draft's unchanged conditions are judged already;
 * - `repeat`: the same request again (switching back to a view, say);
 * - `serialize`: JSON.stringify of the answer, which the route handler then does (not
 *   part of the goal; said so that the answer's size is not hidden).
 */
import { routePreviewBodySchema, type RoutePreviewResponse } from "@/lib/api/routing/route-preview";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { previewRoute } from "@/server/governance/preview/route-preview";
import { benchConsumer, type PreviewRegistryShape, startPreviewRegistry } from "./preview-registry";
import { serviceInterface } from "./registry-urls";

/** Untimed calls before the timed ones: the first parses the providers and judges the saved routes. */
const WARM_CALLS = 5;

/** What one semantics' timed calls measured, ms per call. */
export interface ServerPreviewTimes {
  readonly keystroke: number[];
  readonly repeat: number[];
  readonly serialize: number[];
  /** The first call's time: providers parsed, saved routes judged. */
  readonly first: number;
  /** Providers the request's consumer gets, and what the chain and impact views said. */
  readonly kept: number;
  readonly chainSteps: number;
  readonly consumers: number;
  readonly changed: number;
  readonly answerBytes: number;
}

/** Starts the registry of `shape`, times `rounds` previews of the rules `edit` gives per semantics, stops it. */
export async function benchServerPreview(shape: PreviewRegistryShape, edit: (n: number) => string, method: string, rounds: number): Promise<Map<DubboRelease, ServerPreviewTimes>> {
  const registry = await startPreviewRegistry(shape);
  try {
    const times = new Map<DubboRelease, ServerPreviewTimes>();
    for (const semantics of ["2.7", "3.x"] as const) {
      const body = (n: number) => routePreviewBodySchema.parse({ service: serviceInterface(shape.service), rule: edit(n), semantics, consumer: benchConsumer(shape, 0), invocation: { method } });
      const timed = (n: number): [number, RoutePreviewResponse] => {
        const request = body(n);
        const started = performance.now();
        const answer = previewRoute(request, registry.engine);
        return [performance.now() - started, answer];
      };
      const [first, answer] = timed(0);
      for (let i = 1; i < WARM_CALLS; i++) timed(i);
      const keystroke: number[] = [];
      const repeat: number[] = [];
      const serialize: number[] = [];
      let bytes = 0;
      for (let i = 0; i < rounds; i++) {
        const [ms, typed] = timed(WARM_CALLS + i);
        keystroke.push(ms);
        repeat.push(timed(WARM_CALLS + i)[0]);
        const started = performance.now();
        bytes = JSON.stringify(typed).length;
        serialize.push(performance.now() - started);
      }
      times.set(semantics, {
        keystroke,
        repeat,
        serialize,
        first,
        kept: answer.resultCount,
        chainSteps: answer.chain?.steps.length ?? 0,
        consumers: answer.impact?.total ?? 0,
        changed: answer.impact?.changed ?? 0,
        answerBytes: bytes,
      });
    }
    return times;
  } finally {
    await registry.stop();
  }
}
