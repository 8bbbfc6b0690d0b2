/** The HTTP contract of GET /api/v1/services, shared by the handler and the client. */
import { z } from "zod";
import { staleSchema } from "./registry-state";
import { textParam, wholeNumberParam } from "./query-params";

export const serviceSummarySchema = z.object({
  /** `group/interface:version`. */
  key: z.string(),
  interface: z.string(),
  group: z.string(),
  version: z.string(),
  providers: z.number().int().nonnegative(),
  consumers: z.number().int().nonnegative(),
  /** Applications that provide the service (the providers' `application` parameter). */
  applications: z.array(z.string()),
  /** Applications that consume the service (the consumers' `application` parameter). */
  consumerApplications: z.array(z.string()),
  /** Dubbo releases seen among the providers (`release`, or `dubbo` on old providers). */
  releases: z.array(z.string()),
});
export type ServiceSummary = z.infer<typeof serviceSummarySchema>;

export const servicesResponseSchema = z.object({
  services: z.array(serviceSummarySchema),
  total: z.number().int().nonnegative(),
  /** The registries whose last complete view is served instead of a live one; empty when all are live. */
  stale: z.array(staleSchema.extend({ registry: z.string() })),
});
export type ServicesResponse = z.infer<typeof servicesResponseSchema>;

/** Query of GET /api/v1/services. */
export const servicesQuerySchema = z.object({
  /** Case-insensitive substring of the interface, group, version, or a provider or consumer application. */
  q: textParam("q", { max: 200 }),
  /** At most this many services are answered (1 to 10000, default 1000); `total` counts all that match. */
  limit: wholeNumberParam("limit", { min: 1, max: 10_000, fallback: 1_000 }),
});
export type ServicesQuery = z.infer<typeof servicesQuerySchema>;
