import { serviceKey } from "@/lib/dubbo/service-key";
import type { DubboUrl } from "@/lib/dubbo/url";
import { formatDubboUrl } from "@/lib/dubbo/url-string";
import type { RouteInvocation } from "@/lib/routing/evaluate/condition-route";
import { type ChainRoute, routeChain } from "@/lib/routing/evaluate/route-chain";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import type { CenterConfigurators } from "../config-center-overrides";
import { type ConfigureContext, configureAddressOverride, configureChain, type OverrideSources, toConfigurators } from "../configurator";
import { type ConsumerSpec, type ConsumerUrl, consumerUrl } from "./consumer-url";
import type { Directory, ListObserver } from "./directory";
import type { Invocation, Invoker } from "../invoker";
import { javaStringOf } from "../java-string";
import { mergeProviderUrl, withInterfacePath } from "./merged-url";
import { booleanParam, param } from "./url-parameters";
import type { TagProvider } from "@/lib/tag/tag-router";
import type { TagRule } from "@/lib/tag/tag-rule";
import { routesAroundTag, ruleApplication, type TagRouteReport, tagProvidersOf, tagRequestOf, tagRouteStep } from "./tag-route-step";

/** One provider as the registry view holds it. */
export interface ProviderEntry {
  /** The URL as registered, decoded (what routes are matched against). */
  readonly text: string;
  readonly url: DubboUrl;
}

/** What one registry holds of the service now. A new snapshot replaces arrays that changed; unchanged arrays are the same objects. */
export interface DirectorySnapshot {
  readonly providers: readonly ProviderEntry[];
  /** The `configurators` category: `override://`, `absent://`, `empty://` URLs. */
  readonly configurators: readonly DubboUrl[];
  /** The condition routes a consumer of the service loads (registry-routes.ts). */
  readonly routes: readonly ChainRoute[];
}

export interface RegistryDirectoryOptions {
  readonly consumer: ConsumerSpec;
  readonly dialect: DubboRelease;
  /** Whose router the routes run as; default "2.7" (the `routers` category is the 2.x format). */
  readonly routeSemantics?: DubboRelease;
  /** The registry's current view of the service, read at every call (it is in memory). */
  readonly snapshot: () => DirectorySnapshot;
  /** Makes the invoker of a merged provider URL (the protocol layer's). */
  readonly createInvoker: (url: DubboUrl) => Invoker;
  /** Called for an invoker whose provider URL is gone or changed (Java's destroyUnusedInvokers). */
  readonly destroyInvoker?: (invoker: Invoker) => void;
  /**
   * The config-center configurators the consumer holds now (config-center-overrides.ts),
   * read at every call; the same arrays while unchanged. None: only the registry's.
   */
  readonly centerConfigurators?: (consumer: DubboUrl) => CenterConfigurators;
  /**
   * The config-center tag rule (`{application}.tag-router`) the consumer holds now for an
   * application (config-center-tag-rules.ts), read at every call. None: no rule, so the
   * tag router routes on static tags only.
   */
  readonly tagRule?: (application: string) => TagRule | null;
}

const NO_CENTER: CenterConfigurators = { application: [], service: [] };

/**
 * The protocols the engine can refer, as a consumer of its release has them (Java's
 * `Protocol` extension check): dubbo, and on 3.x tri too (Java-interface services, wrapped
 * hessian2: server/protocol/triple/). A 2.7 consumer has no tri.
 */
const ENGINE_PROTOCOLS: Readonly<Record<DubboRelease, readonly string[]>> = { "2.7": ["dubbo"], "3.x": ["dubbo", "tri"] };

/** A provider kept after merging and filtering. */
interface Candidate {
  readonly text: string;
  /** The URL as registered. */
  readonly registered: DubboUrl;
  readonly invoker: Invoker;
}

/**
 * The providers of one service in one registry, as a consumer's RegistryDirectory keeps
 * them (toInvokers and mergeUrl, 2.7.23 and 3.3):
 * 1. `empty://` entries skipped; providers of another protocol than the consumer's
 *    `protocol` (else the engine's, `dubbo`) left out;
 * 2. each URL merged with the consumer's settings (merged-url.ts), the override rules
 *    applied (configurator.ts), `check=false` added, the interface as path when it has none;
 * 3. a provider left out when disabled: `disabled=true`, or `enabled=false` when it has no
 *    `disabled` (either on the provider URL or put there by an override rule);
 * 4. equal merged URLs kept once; invokers kept while their merged URL stays the same.
 * For each call the routes run on the providers left (lib/routing routeChain, with the
 * consumer URL and the call's method, arguments and attachments), and the tag router
 * among them where the release orders it (tag-route-step.ts).
 * Order: the registry view's (host, port), not Java's (a hash map's).
 */
export class RegistryDirectory implements Directory {
  readonly service: string;
  readonly consumerUrl: DubboUrl;
  private readonly consumer: ConsumerUrl;
  private invokers = new Map<string, Invoker>();
  private candidates: Candidate[] = [];
  private seen: { providers: readonly ProviderEntry[]; configurators: readonly DubboUrl[]; center: CenterConfigurators } | null = null;
  private counts = { registered: 0, otherProtocol: 0, disabled: 0 };
  /** Why the last listing came out empty when routing emptied it: the routes, or the tag router. */
  private routedAway: { by: "routes" } | { by: "tag"; report: TagRouteReport } | null = null;
  /** The candidates as the tag router reads them, made when first needed after a refresh. */
  private tagProviders: TagProvider[] | null = null;

  constructor(private readonly options: RegistryDirectoryOptions) {
    this.consumer = consumerUrl(options.consumer);
    this.consumerUrl = this.consumer.url;
    this.service = serviceKey(options.consumer.service);
  }

  list(invocation: Invocation, observe?: ListObserver): readonly Invoker[] {
    const snapshot = this.options.snapshot();
    this.refresh(snapshot);
    this.routedAway = null;
    const candidates = this.candidates;
    if (candidates.length === 0) {
      observe?.({ tagRoute: null });
      return [];
    }
    const semantics = this.options.routeSemantics ?? "2.7";
    const { before, after } = routesAroundTag(snapshot.routes, semantics);
    let kept = this.routed(before, candidates.map((_, i) => i), invocation);
    if (kept.length > 0) {
      const tagged = this.routeByTag(kept, invocation);
      observe?.({ tagRoute: tagged.report });
      kept = tagged.kept;
      if (kept.length === 0) this.routedAway = { by: "tag", report: tagged.report };
      else kept = this.routed(after, kept, invocation);
    } else {
      observe?.({ tagRoute: null });
    }
    if (kept.length === 0) this.routedAway ??= { by: "routes" };
    return kept.map((i) => candidates[i]!.invoker);
  }

  /** The positions (in the candidates) that `routes` keep of `from`. */
  private routed(routes: DirectorySnapshot["routes"], from: readonly number[], invocation: Invocation): number[] {
    if (routes.length === 0 || from.length === 0) return [...from];
    const texts = from.map((i) => this.candidates[i]!.text);
    const returned = routeChain(routes, { semantics: this.options.routeSemantics ?? "2.7", consumer: this.consumer.text, invocation: routeInvocation(invocation), providers: texts }).result;
    return keepReturned(from, texts, returned);
  }

  /** The tag router's step over the candidates at `from` (tag-route-step.ts). */
  private routeByTag(from: readonly number[], invocation: Invocation): { kept: number[]; report: TagRouteReport } {
    const release = this.options.dialect;
    this.tagProviders ??= tagProvidersOf(this.candidates.map((c) => ({ text: c.text, registered: c.registered, merged: c.invoker.url })), release);
    const application = ruleApplication(this.candidates[0]?.registered);
    const rule = application === null ? null : (this.options.tagRule?.(application) ?? null);
    return tagRouteStep({ release, rule, application, all: this.tagProviders, routed: from, request: tagRequestOf(this.consumerUrl, invocation.attachments) });
  }

  whyEmpty(): string {
    const { registered, otherProtocol, disabled } = this.counts;
    if (registered === 0) return "no provider is registered";
    const away = this.routedAway;
    if (away?.by === "routes") return `the routes left none of the ${this.candidates.length} providers`;
    if (away?.by === "tag") {
      const { tag, force, path, rule, given } = away.report;
      const request = tag === null ? "a call without a tag" : `tag ${JSON.stringify(tag)}${force ? " (forced)" : ""}`;
      return `the tag router left none of the ${given} providers for ${request} (path ${path}, ${rule === null ? "no tag rule" : `the tag rule of ${rule}`})`;
    }
    const parts = [otherProtocol > 0 ? `${otherProtocol} of another protocol than ${this.protocols().join(" and ")}` : "", disabled > 0 ? `${disabled} disabled` : ""].filter((p) => p !== "");
    return `${registered} provider${registered === 1 ? " is" : "s are"} registered: ${parts.join(", ")}`;
  }

  isAvailable(): boolean {
    this.refresh(this.options.snapshot());
    return this.candidates.some((c) => c.invoker.isAvailable());
  }

  /** Every invoker the directory holds (unrouted), for a caller that pins one provider. */
  allInvokers(): readonly Invoker[] {
    this.refresh(this.options.snapshot());
    return this.candidates.map((c) => c.invoker);
  }

  /** Destroys every invoker (the reference is gone). */
  destroy(): void {
    for (const invoker of this.invokers.values()) this.options.destroyInvoker?.(invoker);
    this.invokers.clear();
    this.candidates = [];
    this.seen = null;
  }

  private refresh(snapshot: DirectorySnapshot): void {
    const center = this.options.centerConfigurators?.(this.consumerUrl) ?? NO_CENTER;
    const seen = this.seen;
    if (seen?.providers === snapshot.providers && seen.configurators === snapshot.configurators && seen.center.application === center.application && seen.center.service === center.service) return;
    this.seen = { providers: snapshot.providers, configurators: snapshot.configurators, center };
    const configurators: OverrideSources = { registry: toConfigurators(snapshot.configurators), application: center.application, service: center.service };
    const ctx: ConfigureContext = { release: this.options.dialect, localHost: this.options.consumer.host };
    const next = new Map<string, Invoker>();
    const candidates: Candidate[] = [];
    const counts = { registered: 0, otherProtocol: 0, disabled: 0 };
    for (const provider of snapshot.providers) {
      if (provider.url.protocol === "empty") continue;
      counts.registered++;
      if (!this.protocols().includes(provider.url.protocol)) {
        counts.otherProtocol++;
        continue;
      }
      const url = this.merged(provider.url, configurators, ctx);
      if (!enabled(url)) {
        counts.disabled++;
        continue;
      }
      const key = formatDubboUrl(url);
      if (next.has(key)) continue;
      const invoker = this.invokers.get(key) ?? this.options.createInvoker(url);
      next.set(key, invoker);
      candidates.push({ text: provider.text, registered: provider.url, invoker });
    }
    for (const [key, invoker] of this.invokers) if (!next.has(key)) this.options.destroyInvoker?.(invoker);
    this.invokers = next;
    this.candidates = candidates;
    this.tagProviders = null;
    this.counts = counts;
  }

  /**
   * RegistryDirectory.mergeUrl: consumer settings, override rules (the registry's, then the
   * config center's for the consumer's application, then for its service:
   * overrideWithConfigurator), `check=false`, the interface path. 2.7.23 configures the merged URL itself. 3.3.6 configures a separate
   * override URL that holds only the consumer's `application` and `side` and the provider's
   * `group` and `version` (RegistryDirectory.overrideWithConfigurators on a
   * DubboServiceAddressURL), and its values win when read (DubboServiceAddressURL.getParameter):
   * so a `~key` condition on a provider parameter never matches there, and an `absent://`
   * rule fills a key even when the provider has it.
   */
  private merged(provider: DubboUrl, configurators: OverrideSources, ctx: ConfigureContext): DubboUrl {
    const base = mergeProviderUrl(provider, this.consumerUrl.parameters);
    const merged = this.options.dialect === "2.7" ? configureChain(configurators, base, ctx) : withOverride(base, configureAddressOverride(configurators, provider, this.consumerUrl, ctx));
    return withInterfacePath({ ...merged, parameters: { ...merged.parameters, check: "false" } }, this.options.consumer.service.interface);
  }

  /** The consumer's `protocol` list (checkProtocolValid), else what the engine speaks. */
  private protocols(): readonly string[] {
    const wanted = param(this.consumerUrl, "protocol");
    return wanted === undefined ? ENGINE_PROTOCOLS[this.options.dialect] : wanted.split(",");
  }
}

/** The merged URL as 3.3.6 reads it through its override URL: the override's non-empty values first. */
function withOverride(merged: DubboUrl, override: DubboUrl | null): DubboUrl {
  if (override === null) return merged;
  const parameters: Record<string, string> = { ...merged.parameters };
  for (const [k, v] of Object.entries(override.parameters)) {
    if (v !== "") Object.defineProperty(parameters, k, { value: v, writable: true, enumerable: true, configurable: true });
  }
  return { ...merged, parameters };
}

/** Whether the merged URL is enabled: `disabled` decides when set, else `enabled` (default true). */
function enabled(url: DubboUrl): boolean {
  return param(url, "disabled") !== undefined ? !booleanParam(url, "disabled", false) : booleanParam(url, "enabled", true);
}

/** The call as a condition route reads it: each argument as `String.valueOf`, null for null. */
export function routeInvocation(invocation: Invocation): RouteInvocation {
  return {
    method: invocation.method,
    arguments: invocation.args.map((a, i) => javaStringOf(a, invocation.parameterTypes[i])?.text ?? null),
    attachments: invocation.attachments,
  };
}

/** The positions whose texts the chain returned, in order (it returns an ordered subsequence of its input). */
function keepReturned(from: readonly number[], texts: readonly string[], returned: readonly string[]): number[] {
  const out: number[] = [];
  let r = 0;
  for (let k = 0; k < from.length; k++) {
    if (r < returned.length && returned[r] === texts[k]) {
      out.push(from[k]!);
      r++;
    }
  }
  return out;
}
