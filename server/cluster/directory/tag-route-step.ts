import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { type DubboUrl, UrlSyntaxError } from "@/lib/dubbo/url";
import type { ChainRoute } from "@/lib/routing/evaluate/route-chain";
import { parseProviderUrl } from "@/lib/routing/url/provider-url";
import { validV4Address } from "@/lib/tag/address-set";
import { tagProviderOf } from "@/lib/tag/tag-case";
import { FORCE_TAG_KEY, type LoadedTagRule, loadTagRule, routeByTag, TAG_KEY, type TagProvider, type TagRequest, type TagRoutePath } from "@/lib/tag/tag-router";
import { type TagRule, TagRuleError } from "@/lib/tag/tag-rule";

/**
 * The tag router as a step of the console's own router chain (RegistryDirectory.list):
 * 2.7.23 TagRouter / 3.3.6 TagStateRouter, the one of the engine's release, over the
 * pure routers of lib/tag (proven equal to Java by test/integration/tag-differential).
 *
 * - The rule: the `{application}.tag-router` rule of the application of the first provider
 *   the directory holds (TagRouter.notify / TagStateRouter.notify read
 *   `invokers.get(0)`'s remote application), loaded (`init`) over every provider held,
 *   as 3.3's `match` reads them; routed over the providers the earlier routes left.
 * - The request: the call's `dubbo.tag` and `dubbo.force.tag` attachments, else the
 *   consumer URL's (the console's has neither).
 * - With no tag and no rule, providers with a static `dubbo.tag` are left out, as both
 *   releases' static-tag routing does.
 *
 * Where it sits among the condition routes, as the release the routes run as orders them
 * (docs/tag-routing.md §6): 2.7.23 sorts every router by priority (stably, built-in ones
 * first), so the tag router (100) runs after routes of lower priority (the default 0) and
 * before the rest; 3.3 runs its built-in state routers (tag among them) before the
 * registry's routes.
 */

/** TagRouter's priority in 2.7.23's RouterChain sort. */
export const TAG_ROUTER_PRIORITY = 100;

/** What the tag router did for one listing, for the call's answer. */
export interface TagRouteReport {
  /** The request tag read (null: none). */
  readonly tag: string | null;
  /** Whether `dubbo.force.tag` held. */
  readonly force: boolean;
  readonly path: TagRoutePath;
  /** The application whose `.tag-router` rule the router held; null: none. */
  readonly rule: string | null;
  /** Providers the step was given, and kept. */
  readonly given: number;
  readonly kept: number;
}

/** The condition routes that run before the tag router and those that run after it, for routes run as `semantics`. */
export function routesAroundTag(routes: readonly ChainRoute[], semantics: DubboRelease): { before: readonly ChainRoute[]; after: readonly ChainRoute[] } {
  const memo = splits[semantics];
  let split = memo.get(routes);
  if (split === undefined) {
    split =
      semantics === "3.x"
        ? { before: [], after: routes }
        : { before: routes.filter((r) => (r.priority ?? 0) < TAG_ROUTER_PRIORITY), after: routes.filter((r) => (r.priority ?? 0) >= TAG_ROUTER_PRIORITY) };
    memo.set(routes, split);
  }
  return split;
}
const splits: Record<DubboRelease, WeakMap<readonly ChainRoute[], { before: readonly ChainRoute[]; after: readonly ChainRoute[] }>> = { "2.7": new WeakMap(), "3.x": new WeakMap() };

/** One provider the directory holds: the URL as registered (decoded, and parsed) and the merged URL its invoker calls. */
export interface HeldProvider {
  readonly text: string;
  readonly registered: DubboUrl;
  readonly merged: DubboUrl;
}

/**
 * The providers as `release`'s tag router reads them (lib/tag tagProviderOf on the
 * registered URL), each with the static tag of its merged URL: the provider's own
 * `dubbo.tag` (the merge never takes the consumer's), or an override rule's.
 */
export function tagProvidersOf(held: readonly HeldProvider[], release: DubboRelease): TagProvider[] {
  return held.map((h) => ({ ...readAsJava(h, release), tag: h.merged.parameters[TAG_KEY] ?? null }));
}

function readAsJava(h: HeldProvider, release: DubboRelease): TagProvider {
  try {
    return tagProviderOf(parseProviderUrl(h.text, release), release);
  } catch (e) {
    if (!(e instanceof UrlSyntaxError)) throw e;
    // A registered text Java's parser refuses never reaches the directory as that text; read its parsed URL instead.
    const url = h.registered;
    const own = (key: string | null) => (key === null ? null : (url.parameters[key] ?? null));
    return { host: url.host, port: url.port, v4: validV4Address(url.host), tag: null, address: url.port > 0 ? `${url.host}:${url.port}` : url.host, original: own };
  }
}

/**
 * The application whose tag rule the router reads: the first provider's (`remote.application`
 * of the merged URL, the registered `application`); none (no provider, or no name): no
 * rule, as Java logs and subscribes to nothing.
 */
export function ruleApplication(first: DubboUrl | undefined): string | null {
  const app = first === undefined || !Object.hasOwn(first.parameters, "application") ? undefined : first.parameters.application;
  return app ? app : null;
}

/** The request side: the call's attachments first, then the consumer URL's parameters. */
export function tagRequestOf(consumer: DubboUrl, attachments: Readonly<Record<string, string>>): TagRequest {
  const own = (from: Readonly<Record<string, string>>, k: string) => (Object.hasOwn(from, k) ? from[k]! : null);
  return { tagAttachment: own(attachments, TAG_KEY), forceAttachment: own(attachments, FORCE_TAG_KEY), consumerTag: own(consumer.parameters, TAG_KEY), consumerForce: own(consumer.parameters, FORCE_TAG_KEY) };
}

/** One run of the step. */
export interface TagStepInput {
  readonly release: DubboRelease;
  /** The rule held for {@link application} (null: none). */
  readonly rule: TagRule | null;
  readonly application: string | null;
  /** Every provider the directory holds, as the router reads them (what 3.3's `init` matches). */
  readonly all: readonly TagProvider[];
  /** Positions in `all` of the providers the earlier routes left, in order. */
  readonly routed: readonly number[];
  readonly request: TagRequest;
}

/**
 * Routes `routed` by tag: the positions (in `all`) kept, in order, and the report. A rule
 * whose `init` Java refuses for these providers (3.3: a v3.0 tag with neither addresses
 * nor match) routes as no rule; Java would keep the rule it held before.
 */
export function tagRouteStep(input: TagStepInput): { kept: number[]; report: TagRouteReport } {
  const loaded = input.rule === null ? null : loadedFor(input.rule, input.all);
  const providers = input.routed.map((i) => input.all[i]!);
  const result = routeByTag(input.release, loaded, providers, input.request);
  const kept = result.kept.map((k) => input.routed[k]!);
  const report: TagRouteReport = { tag: result.tag, force: result.forceUseTag, path: result.path, rule: loaded === null ? null : input.application, given: providers.length, kept: kept.length };
  return { kept, report };
}

/** The rule loaded over `all`, kept per rule for the last provider list (both change rarely). */
function loadedFor(rule: TagRule, all: readonly TagProvider[]): LoadedTagRule | null {
  const known = loads.get(rule);
  if (known?.all === all) return known.loaded;
  let loaded: LoadedTagRule | null;
  try {
    loaded = loadTagRule(rule, all);
  } catch (e) {
    if (!(e instanceof TagRuleError)) throw e;
    loaded = null;
  }
  loads.set(rule, { all, loaded });
  return loaded;
}
const loads = new WeakMap<TagRule, { all: readonly TagProvider[]; loaded: LoadedTagRule | null }>();
