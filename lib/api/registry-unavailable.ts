/**
 * The details of a `503 registry_unavailable` answer, produced by the service catalog. Either
 * no registry has been read yet: every configured registry, its session state, the last
 * connection failure in words ("connection refused by 127.0.0.1:2181") or null when there has
 * been none, and, while its first full read is under way, how many interface nodes it has
 * read so far (`reading`, null otherwise). Or a registry has been read and the catalog is
 * being built from it (`building`): the registries and how many services are built so far.
 */
import { z } from "zod";

export const registryUnavailableDetailsSchema = z.object({
  registries: z.array(z.object({ source: z.string(), state: z.string(), cause: z.string().nullable(), reading: z.number().int().nonnegative().nullable().optional() })),
});

export const catalogBuildingDetailsSchema = z.object({
  building: z.literal(true),
  sources: z.array(z.string()),
  services: z.number().int().nonnegative(),
});
export type CatalogBuildingDetails = z.infer<typeof catalogBuildingDetailsSchema>;
export type RegistryUnavailableDetails = z.infer<typeof registryUnavailableDetailsSchema>;

type RegistryDetail = RegistryUnavailableDetails["registries"][number];

/** What a `registry_unavailable` answer's details say, for the page to word: a discriminated union by `type`. */
export type UnavailableState =
  | { readonly type: "building"; readonly services: number; readonly sources: readonly string[] }
  | { readonly type: "reading"; readonly registries: readonly RegistryDetail[] }
  | { readonly type: "unreachable"; readonly registries: readonly RegistryDetail[] }
  | { readonly type: "unknown" };

/** Reads `details` of a 503 `registry_unavailable`: being built, being read (some registry's first read under way), unreachable, or not as expected. */
export function unavailableState(details: unknown): UnavailableState {
  const building = catalogBuildingDetailsSchema.safeParse(details);
  if (building.success) return { type: "building", services: building.data.services, sources: building.data.sources };
  const parsed = registryUnavailableDetailsSchema.safeParse(details);
  if (!parsed.success || parsed.data.registries.length === 0) return { type: "unknown" };
  const { registries } = parsed.data;
  return registries.some((r) => typeof r.reading === "number") ? { type: "reading", registries } : { type: "unreachable", registries };
}
