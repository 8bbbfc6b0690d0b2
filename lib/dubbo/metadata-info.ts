import { z } from "zod";
import { type NodeParse, parseNodeJson } from "./node-json";
import { type ServiceId, serviceKey } from "./service-key";

/**
 * Dubbo 3's MetadataInfo: which services one revision of an application exports, with the
 * parameters a consumer merges into each provider URL. Published at
 * `/{root}/metadata/{app}/{revision}` only when the provider runs with
 * `metadata-type=remote` (the 3.3.6 peers: `"dubbo.metadata.storage-type":"remote"` on the
 * instance); otherwise consumers ask the provider's MetadataService for it. What 3.3.6 writes:
 *
 * ```json
 * {"app":"demo-provider-33-instance","revision":"d031b6fbcf695cc51b73bb2d8093b95b","services":{
 *   "demo/io.dubboconsole.demo.api.TypesService:1.0.0:dubbo":{"group":"demo","name":"io.dubboconsole.demo.api.TypesService",
 *     "params":{"side":"provider","release":"3.3.6","methods":"…","interface":"…","version":"1.0.0","group":"demo",…},
 *     "path":"io.dubboconsole.demo.api.TypesService","port":43209,"protocol":"dubbo","version":"1.0.0"},
 *   "io.dubboconsole.demo.api.GreetingService:dubbo":{"name":"…","params":{…},"path":"…","port":43209,"protocol":"dubbo"}}}
 * ```
 *
 * The map key is the ServiceInfo's match key, `group/interface:version:protocol`; `group` and
 * `version` are left out of the JSON when empty (MetadataInfo.ServiceInfo, transient fields
 * excluded).
 */
export interface MetadataInfo {
  readonly app: string;
  readonly revision: string;
  /** Sorted by service key, then protocol. */
  readonly services: readonly ServiceInfo[];
}

/** One exported service of a MetadataInfo (MetadataInfo.ServiceInfo). */
export interface ServiceInfo extends ServiceId {
  /** `group/interface:version`, as the console keys services. */
  readonly key: string;
  readonly protocol: string;
  /** The path the service is exported at; the interface name unless set otherwise. */
  readonly path: string;
  /** The port in the ServiceInfo; consumers use the instance's endpoint port instead. Null when absent. */
  readonly port: number | null;
  readonly params: Readonly<Record<string, string>>;
}

const serviceInfoSchema = z.object({
  name: z.string().min(1),
  group: z.string().nullish(),
  version: z.string().nullish(),
  protocol: z.string().min(1),
  port: z.number().int().nullish(),
  path: z.string().nullish(),
  params: z.record(z.string(), z.string()).nullish(),
});

const metadataInfoSchema = z.object({
  app: z.string().min(1),
  revision: z.string().min(1),
  services: z.record(z.string(), serviceInfoSchema),
});

/** Parses the data of a `/{root}/metadata/{app}/{revision}` node. */
export function parseMetadataInfo(json: string): NodeParse<MetadataInfo> {
  const parsed = parseNodeJson(json, metadataInfoSchema, "MetadataInfo JSON");
  if (!parsed.ok) return parsed;
  const services = Object.values(parsed.value.services).map((s): ServiceInfo => {
    const id = { interface: s.name, group: s.group ?? "", version: normaliseVersion(s.version ?? "") };
    return {
      ...id,
      key: serviceKey(id),
      protocol: s.protocol,
      path: s.path || s.name,
      port: s.port && s.port > 0 ? s.port : null,
      params: s.params ?? {},
    };
  });
  services.sort((a, b) => a.key.localeCompare(b.key) || a.protocol.localeCompare(b.protocol));
  return { ok: true, value: { app: parsed.value.app, revision: parsed.value.revision, services } };
}

/**
 * A ServiceInfo made from a service definition's `parameters` (the provider URL's
 * parameters at export), for an application whose MetadataInfo is not published. The
 * definition does not say the protocol; the caller picks it from the instance.
 */
export function serviceInfoFromParameters(canonicalName: string, params: Readonly<Record<string, string>>, protocol: string): ServiceInfo {
  const id = { interface: params.interface || canonicalName, group: params.group ?? "", version: normaliseVersion(params.version ?? "") };
  return { ...id, key: serviceKey(id), protocol, path: params.path || id.interface, port: null, params };
}

/** Dubbo's "0.0.0" means no version, as in `serviceIdOf`. */
export function normaliseVersion(version: string): string {
  return version === "0.0.0" ? "" : version;
}
