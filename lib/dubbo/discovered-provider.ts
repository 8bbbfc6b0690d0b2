import type { ServiceInfo } from "./metadata-info";
import { portFor, type ServiceInstance } from "./service-instance";
import { type ServiceId, serviceIdOf, serviceKey } from "./service-key";
import { type DubboUrl, urlAddress, urlParam } from "./url";

/**
 * Where a provider was seen: in the interface-level tree (`/{root}/{interface}/providers`,
 * Dubbo 2.7, and 3.x with `register-mode` `interface` or `all`), or as an application
 * instance (`/services/{app}/{host:port}`, 3.x with `instance` or `all`). A 3.x provider
 * in `all` mode is seen at both; {@link providerIdentity} tells the two sightings apart
 * from two different providers.
 */
export type ProviderSource = "interface" | "instance";

/**
 * One provider of one service, from either level, as a Dubbo URL with the parameters a
 * consumer would see.
 */
export interface DiscoveredProvider {
  readonly source: ProviderSource;
  /** `group/interface:version`. */
  readonly key: string;
  readonly service: ServiceId;
  readonly url: DubboUrl;
  /** `host:port`. */
  readonly address: string;
  /** The provider's `application` parameter; for an instance, its application name. */
  readonly application: string;
  /** Same for the same provider seen at both levels; see {@link providerIdentity}. */
  readonly identity: string;
  /** How an instance-level provider was found; null for the interface level. */
  readonly instance: InstanceOrigin | null;
}

/** Which instance an instance-level provider comes from, and how its services were learnt. */
export interface InstanceOrigin {
  readonly app: string;
  /** The instance's ZooKeeper node name (Curator id, `host:port`). */
  readonly id: string;
  readonly revision: string;
  /**
   * `metadata-info`: the published MetadataInfo of the revision (exact, as a consumer sees it).
   * `service-definitions`: the MetadataInfo is only in the provider (storage type `local`), so
   * the services were inferred from the interface→application mapping and the service
   * definitions the application reported; all instances of the application are assumed to
   * export them, and the parameters are those at export, not the MetadataInfo's.
   */
  readonly metadata: "metadata-info" | "service-definitions";
}

/**
 * The identity of a provider for de-duplication across levels: service key, protocol, host
 * and port. Dubbo 3 registers the same host and port at both levels, so a provider in
 * `all` mode yields equal identities; different providers never do.
 */
export function providerIdentity(key: string, url: DubboUrl): string {
  return `${key} ${url.protocol}://${urlAddress(url)}`;
}

/** An interface-level provider URL (a child of `/{root}/{interface}/providers`). */
export function interfaceLevelProvider(url: DubboUrl): DiscoveredProvider {
  const service = serviceIdOf(url);
  const key = serviceKey(service);
  return {
    source: "interface",
    key,
    service,
    url,
    address: urlAddress(url),
    application: urlParam(url, "application"),
    identity: providerIdentity(key, url),
    instance: null,
  };
}

/**
 * The provider URL of `service` on `instance`, built as a Dubbo 3 consumer builds it
 * (InstanceAddressURL, ServiceInstancesChangedListener): the service's protocol and path,
 * the instance's host, the port of the instance's endpoint for that protocol (else the
 * instance port), and the instance's metadata overlaid with the service's parameters.
 * `interface`, `group` and `version` come from the service, as InstanceAddressURL answers them.
 */
export function instanceProviderUrl(instance: ServiceInstance, service: ServiceInfo): DubboUrl {
  const parameters: Record<string, string> = { ...instance.metadata, ...service.params, interface: service.interface };
  if (service.group) parameters.group = service.group;
  else delete parameters.group;
  if (service.version) parameters.version = service.version;
  else delete parameters.version;
  return {
    protocol: service.protocol,
    username: "",
    password: "",
    host: instance.host,
    port: portFor(instance, service.protocol),
    path: service.path,
    parameters,
  };
}

/** An instance-level provider of `service`. */
export function instanceLevelProvider(instance: ServiceInstance, nodeId: string, service: ServiceInfo, metadata: InstanceOrigin["metadata"]): DiscoveredProvider {
  const url = instanceProviderUrl(instance, service);
  return {
    source: "instance",
    key: service.key,
    service: { interface: service.interface, group: service.group, version: service.version },
    url,
    address: urlAddress(url),
    application: urlParam(url, "application", instance.app),
    identity: providerIdentity(service.key, url),
    instance: { app: instance.app, id: nodeId, revision: instance.revision, metadata },
  };
}
