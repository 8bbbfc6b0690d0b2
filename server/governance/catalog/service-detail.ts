import type { Consumer, Provider, ServiceDetail } from "@/lib/api/catalog-entities";
import { javaUrlDecode, urlParam } from "@/lib/dubbo/url";
import { formatDubboUrl, sortedParameters } from "@/lib/dubbo/url-string";
import type { ServiceMethods } from "@/lib/dubbo/service-methods";
import type { ConsumerRecord, ProviderRecord, ServiceEntry } from "./service-entry";

/** Dubbo's weight when a provider's URL has none (`DEFAULT_WEIGHT`, LoadBalance). */
const DEFAULT_WEIGHT = 100;

function weightOf(value: string): number {
  const n = Number(value);
  return value !== "" && Number.isFinite(n) ? n : DEFAULT_WEIGHT;
}

/** A provider's decoded URL: its registry node's name decoded, or (seen at application level only) the URL built. */
export function providerUrlText(p: ProviderRecord): string {
  return p.node === null ? formatDubboUrl(p.url) : javaUrlDecode(p.node);
}

function providerView(p: ProviderRecord): Provider {
  const { url } = p;
  return {
    url: providerUrlText(p),
    address: p.address,
    host: url.host,
    port: url.port,
    protocol: url.protocol,
    application: p.application,
    release: p.release,
    weight: weightOf(urlParam(url, "weight")),
    // As Dubbo reads them: `enabled` defaults to true, `disabled` to false.
    enabled: urlParam(url, "enabled", "true") !== "false",
    disabled: urlParam(url, "disabled", "false") === "true",
    source: p.source,
    registry: p.registry,
    parameters: sortedParameters(url),
  };
}

/** A consumer as the API shows it. */
export function consumerView(c: ConsumerRecord): Consumer {
  return {
    url: javaUrlDecode(c.node),
    address: c.address,
    host: c.url.host,
    application: c.application,
    release: c.release,
    registry: c.registry,
    parameters: sortedParameters(c.url),
  };
}

/** GET /api/v1/service's answer for `entry`, with its methods as resolved and the registries' stale markers. */
export function serviceDetail(entry: ServiceEntry, methods: ServiceMethods, stale: ServiceDetail["stale"]): ServiceDetail {
  return {
    key: entry.key,
    interface: entry.id.interface,
    group: entry.id.group,
    version: entry.id.version,
    providers: entry.providers.map(providerView),
    consumers: entry.consumers.map(consumerView),
    providersLastSeen: entry.summary.providersLastSeen,
    methodsSource: methods.source,
    ...(methods.source === "protobuf" ? { protobuf: { service: methods.service, from: methods.from, address: methods.address } } : {}),
    methods: methods.methods.map((m) => ({ name: m.name, parameterTypes: m.parameterTypes === null ? null : [...m.parameterTypes], returnType: m.returnType })),
    types:
      methods.source === "definition" || methods.source === "protobuf"
        ? methods.types.map((t) => ({ type: t.type, items: [...t.items], enums: [...t.enums], properties: { ...t.properties } }))
        : [],
    routes: entry.routes.map((r) => ({ category: r.category, url: javaUrlDecode(r.node), registry: r.registry })),
    stale,
  };
}
