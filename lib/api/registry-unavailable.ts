/**
 * The details of a `503 registry_unavailable` answer: every configured registry, its
 * session state and the last connection failure in words ("connection refused by
 * 127.0.0.1:2181"), or null when there has been none. Produced by the service catalog.
 */
import { z } from "zod";

export const registryUnavailableDetailsSchema = z.object({
  registries: z.array(z.object({ source: z.string(), state: z.string(), cause: z.string().nullable() })),
});
export type RegistryUnavailableDetails = z.infer<typeof registryUnavailableDetailsSchema>;
