import type { Consumer } from "@/lib/api/catalog-entities";
import type { TagPreviewBody, TagPreviewResponse } from "@/lib/api/tag-route-preview";
import type { ServiceEntry } from "../../catalog/service-entry";
import { previewTagRoute, type TagPreviewService } from "./tag-preview";

/** What a tag-route preview reads of the console's state (the engine has both). */
export interface TagRoutePreviewSources {
  readonly catalog: {
    entries(): Iterable<ServiceEntry>;
    routing(key: string): { readonly providers: readonly string[]; readonly consumers: readonly Consumer[] };
  };
  /** The rule text the config center holds for `application` (null: none), in the registry named or the only one. */
  readonly currentTagRule: (application: string, registry?: string) => string | null;
}

/**
 * POST /api/v1/tag-routes/preview: the body's draft (or the rule's deletion) against the rule
 * the config center holds, for every service a provider of the application provides
 * (previewTagRoute). Nothing is written.
 */
export function previewTagRouteRequest(body: TagPreviewBody, sources: TagRoutePreviewSources): TagPreviewResponse {
  return previewTagRoute(body, {
    services: (application) => tagPreviewServices(sources.catalog, application),
    currentRule: (application, registry) => sources.currentTagRule(application, registry),
  });
}

/** The services some provider of `application` provides, as the catalog holds them. */
export function tagPreviewServices(catalog: TagRoutePreviewSources["catalog"], application: string): TagPreviewService[] {
  const found: TagPreviewService[] = [];
  for (const e of catalog.entries()) {
    if (!e.providers.some((p) => p.application === application)) continue;
    const routing = catalog.routing(e.key);
    found.push({ key: e.key, providers: routing.providers, providerApplications: [...new Set(e.providers.map((p) => p.application))], consumers: routing.consumers });
  }
  return found;
}
