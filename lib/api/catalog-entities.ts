/**
 * The HTTP contract of the catalog's entities (issue 6): one service in full, the
 * applications, one application, one address. Shared by the route handlers and the pages.
 * A page renders these shapes; the server builds them from the in-memory catalog.
 */
import { z } from "zod";
import { staleSchema } from "./registry-state";
import { textParam } from "./query-params";

/** Where a provider was seen: the interface-level tree, an application instance (Dubbo 3), or both. */
export const providerSourceSchema = z.enum(["interface", "instance", "both"]);
export type ProviderSourceName = z.infer<typeof providerSourceSchema>;

/** A registry's stale marker as a list item of an entity answer (see GET /api/v1/services). */
export const staleRegistrySchema = staleSchema.extend({ registry: z.string() });

/** One provider of a service, de-duplicated across the two levels by protocol, host and port. */
export const providerSchema = z.object({
  /** The full Dubbo URL, decoded (`dubbo://127.0.0.2:20880/io.x.Svc?anyhost=true&…`). */
  url: z.string(),
  /** `host:port`. */
  address: z.string(),
  host: z.string(),
  port: z.number().int(),
  protocol: z.string(),
  /** The `application` parameter (for an instance, its application name). */
  application: z.string(),
  /** `release` (or `dubbo` on old providers); "" when neither is there. */
  release: z.string(),
  /** The `weight` parameter, Dubbo's default 100 when absent. */
  weight: z.number(),
  /** `enabled` parameter (a provider disabled by a configurator reads false); true when absent. */
  enabled: z.boolean(),
  /** `disabled` parameter; false when absent. */
  disabled: z.boolean(),
  source: providerSourceSchema,
  /** The registry (its source as configured) it was seen in. */
  registry: z.string(),
  /** Every URL parameter, decoded, sorted by name. */
  parameters: z.record(z.string(), z.string()),
});
export type Provider = z.infer<typeof providerSchema>;

export const consumerSchema = z.object({
  url: z.string(),
  /** `host` or `host:port` as registered (consumers register port 0). */
  address: z.string(),
  host: z.string(),
  application: z.string(),
  release: z.string(),
  registry: z.string(),
  parameters: z.record(z.string(), z.string()),
});
export type Consumer = z.infer<typeof consumerSchema>;

/**
 * One method. With `methodsSource` "definition", types are exact Java type names as the
 * provider's service definition writes them (`java.util.List<io.x.User>`, `int[]`); with
 * "url" only names are known and both type fields are null.
 */
export const methodSchema = z.object({
  name: z.string(),
  parameterTypes: z.array(z.string()).nullable(),
  returnType: z.string().nullable(),
});
export type Method = z.infer<typeof methodSchema>;

/** A type the methods use, from the service definition (POJO properties, enum constants, collection items). */
export const typeDefinitionSchema = z.object({
  type: z.string(),
  items: z.array(z.string()),
  enums: z.array(z.string()),
  properties: z.record(z.string(), z.string()),
});

/** GET /api/v1/service?key= */
export const serviceDetailSchema = z.object({
  /** `group/interface:version`. */
  key: z.string(),
  interface: z.string(),
  group: z.string(),
  version: z.string(),
  providers: z.array(providerSchema),
  consumers: z.array(consumerSchema),
  /** With no provider now: when the last one was seen (epoch ms), null when not known; null while it has providers. */
  providersLastSeen: z.number().int().nonnegative().nullable(),
  /** `protobuf`: an IDL service on Triple, its methods and messages from a provider's gRPC reflection (types named as their Java classes). */
  methodsSource: z.enum(["definition", "protobuf", "url", "none"]),
  /** With `methodsSource` "protobuf": the proto service, and where its schema came from (a provider's reflection at `address`, or an uploaded .proto). */
  protobuf: z.object({ service: z.string(), from: z.enum(["reflection", "upload"]), address: z.string().nullable() }).optional(),
  methods: z.array(methodSchema),
  types: z.array(typeDefinitionSchema),
  /** Raw URLs of the service's `routers` and `configurators` categories, decoded (until routes have their own API). */
  routes: z.array(z.object({ category: z.enum(["routers", "configurators"]), url: z.string(), registry: z.string() })),
  stale: z.array(staleRegistrySchema),
});
export type ServiceDetail = z.infer<typeof serviceDetailSchema>;

/**
 * The longest service key GET /api/v1/service takes: any key a registry can hold and a URL
 * can carry (Node refuses a request head over 16 KiB before the console sees it), so a
 * provider's 3,000-character interface has its page like any other.
 */
export const SERVICE_KEY_MAX_LENGTH = 16_000;

export const serviceDetailQuerySchema = z.object({
  key: z
    .string({ error: "key is required: a service key, group/interface:version" })
    .trim()
    .min(1, "key is required: a service key, group/interface:version")
    .max(SERVICE_KEY_MAX_LENGTH, `key must be at most ${SERVICE_KEY_MAX_LENGTH} characters`),
});

/** One application in GET /api/v1/applications. */
export const applicationSummarySchema = z.object({
  name: z.string(),
  /** How many services it provides and consumes. */
  provides: z.number().int().nonnegative(),
  consumes: z.number().int().nonnegative(),
  /** Distinct provider addresses (`host:port`) and consumer hosts. */
  instances: z.number().int().nonnegative(),
  releases: z.array(z.string()),
});
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>;

export const applicationsResponseSchema = z.object({
  applications: z.array(applicationSummarySchema),
  total: z.number().int().nonnegative(),
  stale: z.array(staleRegistrySchema),
});
export type ApplicationsResponse = z.infer<typeof applicationsResponseSchema>;

export const applicationsQuerySchema = z.object({
  /** Case-insensitive substring of the application name. */
  q: textParam("q", { max: 200 }),
});

/** A service as an application or address lists it: its key and how many of its URLs belong here. */
export const serviceRefSchema = z.object({
  key: z.string(),
  interface: z.string(),
  group: z.string(),
  version: z.string(),
  /** URLs of this application / address for the service. */
  count: z.number().int().nonnegative(),
});

/** One provider instance or consumer host of an application or address. */
export const instanceSchema = z.object({
  /** `host:port` for a provider, `host` for a consumer. */
  address: z.string(),
  host: z.string(),
  role: z.enum(["provider", "consumer"]),
  application: z.string(),
  release: z.string(),
  source: providerSourceSchema,
  registry: z.string(),
  /** Service keys served or consumed from this address by this application. */
  services: z.array(z.string()),
});

/** GET /api/v1/application?name= ; unknown name → 404 not_found. */
export const applicationDetailSchema = z.object({
  name: z.string(),
  provides: z.array(serviceRefSchema),
  consumes: z.array(serviceRefSchema),
  instances: z.array(instanceSchema),
  stale: z.array(staleRegistrySchema),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

export const applicationQuerySchema = z.object({
  name: z.string({ error: "name is required: an application name" }).trim().min(1, "name is required: an application name").max(300, "name must be at most 300 characters"),
});

/**
 * GET /api/v1/address?value= ; `value` is a host (every port) or `host:port`. An address
 * nothing is registered at → 404 not_found.
 */
export const addressDetailSchema = z.object({
  value: z.string(),
  provides: z.array(serviceRefSchema),
  consumes: z.array(serviceRefSchema),
  applications: z.array(z.string()),
  instances: z.array(instanceSchema),
  stale: z.array(staleRegistrySchema),
});
export type AddressDetail = z.infer<typeof addressDetailSchema>;

export const addressQuerySchema = z.object({
  value: z.string({ error: "value is required: a host or host:port" }).trim().min(1, "value is required: a host or host:port").max(300, "value must be at most 300 characters"),
});
