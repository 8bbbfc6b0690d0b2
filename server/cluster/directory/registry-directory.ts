import { serviceKey } from "@/lib/dubbo/service-key";
import type { DubboUrl } from "@/lib/dubbo/url";
import { formatDubboUrl } from "@/lib/dubbo/url-string";
import type { RouteInvocation } from "@/lib/routing/evaluate/condition-route";
import { type ChainRoute, routeChain } from "@/lib/routing/evaluate/route-chain";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import type { CenterConfigurators } from "../config-center-overrides";
import { type ConfigureContext, configureAddressOverride, configureChain, type OverrideSources, toConfigurators } from "../configurator";
import { type ConsumerSpec, type ConsumerUrl, consumerUrl } from "./consumer-url";
import type { Directory } from "./directory";
import type { Invocation, Invoker } from "../invoker";
import { javaStringOf } from "../java-string";
import { mergeProviderUrl, withInterfacePath } from "./merged-url";
import { booleanParam, param } from "./url-parameters";

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
}

const NO_CENTER: CenterConfigurators = { application: [], service: [] };

/** The protocol the engine speaks, the only one it can refer (Java's `Protocol` extension check). */
const ENGINE_PROTOCOLS: readonly string[] = ["dubbo"];

/** A provider kept after merging and filtering. */
interface Candidate {
  readonly text: string;
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
 * consumer URL and the call's method, arguments and attachments).
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
  private routedAway = false;

  constructor(private readonly options: RegistryDirectoryOptions) {
    this.consumer = consumerUrl(options.consumer);
    this.consumerUrl = this.consumer.url;
    this.service = serviceKey(options.consumer.service);
  }

  list(invocation: Invocation): readonly Invoker[] {
    const snapshot = this.options.snapshot();
    this.refresh(snapshot);
    this.routedAway = false;
    if (snapshot.routes.length === 0 || this.candidates.length === 0) return this.candidates.map((c) => c.invoker);
    const routed = routeChain(snapshot.routes, {
      semantics: this.options.routeSemantics ?? "2.7",
      consumer: this.consumer.text,
      invocation: routeInvocation(invocation),
      providers: this.candidates.map((c) => c.text),
    }).result;
    const kept = keepReturned(this.candidates, routed);
    this.routedAway = kept.length === 0;
    return kept.map((c) => c.invoker);
  }

  whyEmpty(): string {
    const { registered, otherProtocol, disabled } = this.counts;
    if (registered === 0) return "no provider is registered";
    if (this.routedAway) return `the routes left none of the ${this.candidates.length} providers`;
    const parts = [otherProtocol > 0 ? `${otherProtocol} of another protocol than ${this.protocols().join(",")}` : "", disabled > 0 ? `${disabled} disabled` : ""].filter((p) => p !== "");
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
      candidates.push({ text: provider.text, invoker });
    }
    for (const [key, invoker] of this.invokers) if (!next.has(key)) this.options.destroyInvoker?.(invoker);
    this.invokers = next;
    this.candidates = candidates;
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
    return wanted === undefined ? ENGINE_PROTOCOLS : wanted.split(",");
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

/** The candidates whose texts the chain returned, in order (it returns an ordered subsequence of its input). */
function keepReturned(candidates: readonly Candidate[], returned: readonly string[]): Candidate[] {
  const out: Candidate[] = [];
  let r = 0;
  for (const c of candidates) {
    if (r < returned.length && returned[r] === c.text) {
      out.push(c);
      r++;
    }
  }
  return out;
}
