"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { applicationQuery, serviceQuery } from "@/lib/api/client/queries";
import { type ApplicationProvider, applicationProviders } from "@/lib/tag/application-providers";

/** The most services of one application whose providers the editor reads (each is one request). */
export const EDITOR_SERVICES_MAX = 40;

/**
 * The live providers of a provider application, by address, for the tag editor: the
 * application's services (GET /api/v1/application) and each service's providers (GET
 * /api/v1/service), kept current by the change stream. `truncated` when the application
 * provides more services than {@link EDITOR_SERVICES_MAX} (the preview still judges all).
 */
export function useApplicationProviders(application: string): { providers: ApplicationProvider[]; loading: boolean; error: Error | null; truncated: boolean } {
  const app = useQuery({ ...applicationQuery(application), enabled: application !== "" });
  const keys = (app.data?.provides ?? []).map((s) => s.key);
  const services = useQueries({ queries: keys.slice(0, EDITOR_SERVICES_MAX).map((key) => serviceQuery(key)) });
  const loaded = services.map((s) => s.data).filter((d) => d !== undefined);
  const stamp = services.map((s) => s.dataUpdatedAt).join(",");
  // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed when any service answer changes (its stamp)
  const providers = useMemo(() => applicationProviders(application, loaded), [application, stamp]);
  return {
    providers,
    loading: app.isPending || services.some((s) => s.isPending),
    error: app.error ?? services.find((s) => s.error)?.error ?? null,
    truncated: keys.length > EDITOR_SERVICES_MAX,
  };
}
