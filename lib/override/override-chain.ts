import type { DubboUrl } from "../dubbo/url";
import type { Configurator } from "./configurator";
import { applyConfigurators, type ConfigureContext } from "./configure";
import { rawParam } from "./url-access";

/**
 * The configurators a consumer holds for one service, in the order RegistryDirectory's
 * overrideWithConfigurator applies them (2.7.23 and 3.3.6): the registry's `configurators`
 * category (2.6-style URLs), then the application's config-center rule
 * (`{application}.configurators`, ConsumerConfigurationListener), then the service's
 * (`{interface}:{version}:{group}.configurators`, ReferenceConfigurationListener). Each list
 * is sorted on its own (Configurator.toConfigurators); a later list wins over an earlier one.
 */
export interface OverrideSources {
  readonly registry: readonly Configurator[];
  readonly application: readonly Configurator[];
  readonly service: readonly Configurator[];
}

function lists(s: OverrideSources): readonly (readonly Configurator[])[] {
  return [s.registry, s.application, s.service];
}

/** A plain URL (the consumer's own, or 2.7's merged provider URL) through the whole chain. */
export function configureChain(sources: OverrideSources, url: DubboUrl, ctx: ConfigureContext): DubboUrl {
  let out = url;
  for (const list of lists(sources)) out = applyConfigurators(list, out, ctx);
  return out;
}

/**
 * 3.3.6: a provider the consumer reads from the registry is a DubboServiceAddressURL, and
 * RegistryDirectory.overrideWithConfigurators configures not it but a separate override URL
 * (URLBuilder.from(address).clearParameters() with the consumer's `application` and `side`
 * and the provider's `group` and `version`, empty ones left out), made when the first
 * non-empty list is applied. Returns that override URL, or null when every list is empty.
 * So a rule sees only those four keys (and what earlier rules set): a `~weight=100`
 * condition or a provider-side rule never matches there.
 */
export function configureAddressOverride(sources: OverrideSources, provider: DubboUrl, consumer: DubboUrl, ctx: ConfigureContext): DubboUrl | null {
  let override: DubboUrl | null = null;
  for (const list of lists(sources)) {
    if (list.length === 0) continue;
    override ??= overrideUrlOf(provider, consumer);
    override = applyConfigurators(list, override, ctx);
  }
  return override;
}

/** The override URL 3.3.6 starts from for `provider` as `consumer` reads it. */
export function overrideUrlOf(provider: DubboUrl, consumer: DubboUrl): DubboUrl {
  const parameters: Record<string, string> = {};
  const put = (k: string, v: string | undefined) => {
    if (v !== undefined && v !== "") parameters[k] = v;
  };
  put("application", rawParam(consumer, "application"));
  put("side", rawParam(consumer, "side"));
  put("group", rawParam(provider, "group"));
  put("version", rawParam(provider, "version"));
  return { ...provider, path: provider.path || consumer.path, parameters };
}

/**
 * What 3.3.6's DubboServiceAddressURL.getParameter(key) answers: the override URL's value
 * when not empty; else `group`, `version`, `application` from the provider, `side` from the
 * consumer, `category` is `providers`; else the consumer's value when not empty, else the provider's.
 */
export function addressParameter(override: DubboUrl | null, provider: DubboUrl, consumer: DubboUrl, key: string): string | undefined {
  const own = override ? rawParam(override, key) : undefined;
  if (own !== undefined && own !== "") return own;
  if (key === "group" || key === "version" || key === "application") return rawParam(provider, key);
  if (key === "side") return rawParam(consumer, "side");
  if (key === "category") return "providers";
  const fromConsumer = rawParam(consumer, key);
  return fromConsumer !== undefined && fromConsumer !== "" ? fromConsumer : rawParam(provider, key);
}
