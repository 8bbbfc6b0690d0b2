import { z } from "zod";
import { type NodeParse, parseNodeJson, quote, rejected } from "./node-json";

/**
 * One Dubbo 3 application instance as registered for application-level discovery at
 * `/services/{app}/{host:port}` (ZookeeperServiceDiscovery, through Curator's
 * ServiceDiscovery and JsonInstanceSerializer). What the 3.3.6 peers write:
 *
 * ```json
 * {"name":"demo-provider-33-all","id":"127.0.0.7:37053","address":"127.0.0.7","port":37053,"sslPort":null,
 *  "payload":{"@class":"org.apache.dubbo.registry.zookeeper.ZookeeperInstance","id":"127.0.0.7:37053",
 *    "name":"demo-provider-33-all","metadata":{
 *      "dubbo.endpoints":"[{\"port\":37053,\"protocol\":\"dubbo\"}]",
 *      "dubbo.metadata-service.url-params":"{\"prefer.serialization\":\"hessian2,fastjson2\",\"version\":\"1.0.0\",…,\"port\":\"37053\",\"protocol\":\"dubbo\"}",
 *      "dubbo.metadata.revision":"59818a1923c77d930c27262b5a5a30b9",
 *      "dubbo.metadata.storage-type":"local","meta-v":"1.0.0","timestamp":"1795980106840"}},
 *  "registrationTimeUTC":1795980106965,"serviceType":"DYNAMIC","uriSpec":null}
 * ```
 *
 * With `metadata-type=remote` the provider leaves out `dubbo.metadata-service.url-params`
 * and says `"dubbo.metadata.storage-type":"remote"`. Curator 5.1 writes no `enabled` field.
 */
export interface ServiceInstance {
  /** The application name (`name`), which Dubbo 3 consumers use as the instance's service name. */
  readonly app: string;
  /** Curator's id, `host:port` for Dubbo (CuratorFrameworkUtils.generateId). */
  readonly id: string;
  readonly host: string;
  readonly port: number;
  /** `registrationTimeUTC`, epoch ms; null when absent. */
  readonly registeredAt: number | null;
  /** Curator's `enabled`; true when absent (Curator 5.1, which Dubbo 3.3 uses, omits it). */
  readonly enabled: boolean;
  /** Every metadata entry as written, the `dubbo.*` keys below included. */
  readonly metadata: Readonly<Record<string, string>>;
  /** `dubbo.metadata.revision`: names the MetadataInfo this instance serves. */
  readonly revision: string;
  /**
   * `dubbo.metadata.storage-type`: `remote` when the MetadataInfo is published at
   * `/{root}/metadata/{app}/{revision}`; `local` (the default) when only the provider's
   * MetadataService knows it.
   */
  readonly storageType: "local" | "remote";
  /** `dubbo.endpoints`: the port of each protocol the instance serves; empty when absent. */
  readonly endpoints: readonly Endpoint[];
  /** `dubbo.metadata-service.url-params`: how to reach the MetadataService; null when absent. */
  readonly metadataServiceParams: Readonly<Record<string, string>> | null;
}

/** One protocol's port on an instance (`DefaultServiceInstance.Endpoint`). */
export interface Endpoint {
  readonly port: number;
  readonly protocol: string;
}

/** Metadata keys Dubbo writes (ServiceInstanceMetadataUtils, MetadataConstants). */
export const METADATA_REVISION_KEY = "dubbo.metadata.revision";
export const METADATA_STORAGE_TYPE_KEY = "dubbo.metadata.storage-type";
export const ENDPOINTS_KEY = "dubbo.endpoints";
export const METADATA_SERVICE_URL_PARAMS_KEY = "dubbo.metadata-service.url-params";
/** The revision of an instance that exports nothing (RevisionResolver.EMPTY_REVISION); consumers skip it. */
export const EMPTY_REVISION = "0";

const port = z.number().int().min(1).max(65_535);

const curatorInstanceSchema = z.object({
  name: z.string().min(1),
  id: z.string().min(1),
  address: z.string().min(1),
  port,
  sslPort: port.nullish(),
  payload: z.object({
    "@class": z.string().optional(),
    id: z.string().optional(),
    name: z.string().optional(),
    metadata: z.record(z.string(), z.string()),
  }),
  registrationTimeUTC: z.number().int().nonnegative().optional(),
  serviceType: z.enum(["DYNAMIC", "STATIC", "PERMANENT", "DYNAMIC_SEQUENTIAL"]).optional(),
  uriSpec: z.unknown().optional(),
  enabled: z.boolean().optional(),
});

const endpointsSchema = z.array(z.object({ port, protocol: z.string().min(1) }));
const urlParamsSchema = z.record(z.string(), z.string());

/**
 * Parses an instance node's data. Rejects (with the reason) what a Dubbo 3 consumer could
 * not use: not JSON, a missing or wrong field, no `dubbo.metadata.revision` (not a Dubbo
 * instance, e.g. one of Spring Cloud's), or unreadable endpoints / MetadataService params.
 */
export function parseServiceInstance(json: string): NodeParse<ServiceInstance> {
  const parsed = parseNodeJson(json, curatorInstanceSchema, "instance JSON");
  if (!parsed.ok) return parsed;
  const raw = parsed.value;
  const metadata = raw.payload.metadata;
  const revision = metadata[METADATA_REVISION_KEY];
  if (!revision) return rejected(`not a Dubbo instance: its metadata has no ${METADATA_REVISION_KEY}`);
  const storage = metadata[METADATA_STORAGE_TYPE_KEY] ?? "local";
  if (storage !== "local" && storage !== "remote") {
    return rejected(`${METADATA_STORAGE_TYPE_KEY} is ${quote(storage)}, not "local" or "remote"`);
  }
  const endpoints = embeddedJson(metadata, ENDPOINTS_KEY, endpointsSchema);
  if (!endpoints.ok) return endpoints;
  const serviceParams = embeddedJson(metadata, METADATA_SERVICE_URL_PARAMS_KEY, urlParamsSchema);
  if (!serviceParams.ok) return serviceParams;
  return {
    ok: true,
    value: {
      app: raw.name,
      id: raw.id,
      host: raw.address,
      port: raw.port,
      registeredAt: raw.registrationTimeUTC ?? null,
      enabled: raw.enabled ?? true,
      metadata,
      revision,
      storageType: storage,
      endpoints: endpoints.value ?? [],
      metadataServiceParams: serviceParams.value,
    },
  };
}

/** A metadata value that is itself JSON; null when the key is absent. */
function embeddedJson<T>(metadata: Record<string, string>, key: string, schema: z.ZodType<T>): NodeParse<T | null> {
  const text = metadata[key];
  return text === undefined ? { ok: true, value: null } : parseNodeJson(text, schema, key);
}

/** The port an instance serves `protocol` on: its endpoint for it, else the instance port (ServiceInstancesChangedListener). */
export function portFor(instance: ServiceInstance, protocol: string): number {
  return instance.endpoints.find((e) => e.protocol === protocol)?.port ?? instance.port;
}

/**
 * The protocols an instance serves its services on when no MetadataInfo says: every
 * protocol of its `dubbo.endpoints`, in order (Dubbo 3 writes them for a provider exporting
 * more than one protocol, ProtocolPortsMetadataCustomizer), else {@link likelyProtocol}.
 * A dual-protocol provider thus yields a dubbo and a tri provider, as a Dubbo 3 consumer sees it.
 */
export function instanceProtocols(instance: ServiceInstance): string[] {
  const protocols = [...new Set(instance.endpoints.map((e) => e.protocol))];
  return protocols.length > 0 ? protocols : [likelyProtocol(instance)];
}

/**
 * The protocol an instance most likely serves its services on when no MetadataInfo says:
 * its only endpoint's, else its MetadataService's (which Dubbo exports on the first
 * protocol), else `dubbo`.
 */
export function likelyProtocol(instance: ServiceInstance): string {
  if (instance.endpoints.length === 1) return instance.endpoints[0]!.protocol;
  return instance.metadataServiceParams?.protocol || "dubbo";
}
