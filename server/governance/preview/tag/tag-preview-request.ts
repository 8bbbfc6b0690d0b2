import type { Consumer } from "@/lib/api/catalog-entities";
import type { TagPreviewBody, TagPreviewResponse } from "@/lib/api/tag-route-preview";
import type { Config, ConfigsQuery } from "@/lib/api/overrides/configs";
import type { Route, RoutesQuery } from "@/lib/api/routing/routes";
import { serviceKey } from "@/lib/dubbo/service-key";
import { TAG_KEY } from "@/lib/tag/tag-router";
import { isConsoleError } from "@/lib/errors";
import type { ServiceEntry } from "../../catalog/service-entry";
import { savedChains } from "../route-chain-answer";
import { previewTagRoute, type TagPreviewService } from "./tag-preview";

/** What a tag-route preview reads of the console's state (the engine has both). */
export interface TagRoutePreviewSources {
  readonly catalog: {
    entries(): Iterable<ServiceEntry>;
    routing(key: string): { readonly providers: readonly string[]; readonly consumers: readonly Consumer[] };
  };
  /** The rule text the config center holds for `application` (null: none), in the registry named or the only one. */
  readonly currentTagRule: (application: string, registry?: string) => string | null;
  /** The overrides, to say when one sets `dubbo.tag` (left out: not looked at). */
  readonly configs?: { list(query: ConfigsQuery): { readonly configs: readonly Config[] } };
  /** The saved condition routes, run around the tag router (left out: the tag router alone is judged). */
  readonly routes?: { list(query: RoutesQuery): { readonly routes: readonly Route[] } };
}

/**
 * POST /api/v1/tag-routes/preview: the body's draft (or the rule's deletion) against the rule
 * the config center holds, for every service a provider of the application provides
 * (previewTagRoute). Nothing is written.
 */
export function previewTagRouteRequest(body: TagPreviewBody, sources: TagRoutePreviewSources): TagPreviewResponse {
  const notes: string[] = [];
  const answer = previewTagRoute(body, {
    services: (application) => {
      const services = tagPreviewServices(sources.catalog, application, sources.routes, body.registry, notes);
      if (sources.configs !== undefined) notes.push(...tagOverrideNotes(sources.configs.list({}).configs, application, services));
      return services;
    },
    currentRule: (application, registry) => sources.currentTagRule(application, registry),
  });
  return notes.length === 0 ? answer : { ...answer, notes: [...new Set([...answer.notes, ...notes])] };
}

/** The services some provider of `application` provides, as the catalog holds them, with their saved condition routes when `routes` is given (one it cannot read is said in `notes`). */
export function tagPreviewServices(catalog: TagRoutePreviewSources["catalog"], application: string, routes?: TagRoutePreviewSources["routes"], registry?: string, notes: string[] = []): TagPreviewService[] {
  const found: TagPreviewService[] = [];
  for (const e of catalog.entries()) {
    if (!e.providers.some((p) => p.application === application)) continue;
    const routing = catalog.routing(e.key);
    const service: TagPreviewService = { key: e.key, providers: routing.providers, providerApplications: [...new Set(e.providers.map((p) => p.application))], consumers: routing.consumers };
    if (routes === undefined) {
      found.push(service);
      continue;
    }
    try {
      const saved = routes.list({ service: e.id.interface, group: e.id.group, version: e.id.version, ...(registry !== undefined ? { registry } : {}) }).routes;
      found.push({ ...service, routes: savedChains(saved) });
    } catch (err) {
      if (!isConsoleError(err)) throw err;
      notes.push(`${e.key}: the saved condition routes could not be read (${err.message}): the tag router is judged alone`);
      found.push(service);
    }
  }
  return found;
}

/**
 * The enabled overrides that set `dubbo.tag` for these services (service-scoped ones of a
 * service, application-scoped ones of the provider application or of a consumer's), in words:
 * a consumer applies them to the provider URLs before its tag router reads their static tag
 * (2.7.23 configures the merged URL; 3.3's DubboServiceAddressURL answers the override URL's
 * value first), which this preview does not do: it reads the tag each provider registered.
 */
export function tagOverrideNotes(configs: readonly Config[], application: string, services: readonly TagPreviewService[]): string[] {
  const keys = new Set(services.map((s) => s.key));
  const apps = new Set([application, ...services.flatMap((s) => s.consumers.map((c) => c.application))]);
  const notes: string[] = [];
  for (const c of configs) {
    const tag = c.parameters[TAG_KEY];
    if (!c.enabled || tag === undefined) continue;
    const reaches = c.scope === "service" ? c.service !== undefined && keys.has(serviceKey({ interface: c.service, group: c.group ?? "", version: c.version ?? "" })) : c.application !== undefined && apps.has(c.application);
    if (!reaches) continue;
    const whom = c.providerAddresses.length > 0 ? `providers ${c.providerAddresses.join(", ")}` : "every provider";
    notes.push(`Override ${c.id} (${c.side} side, ${c.scope} ${c.key}) sets ${TAG_KEY}=${JSON.stringify(tag)} on ${whom}: consumers read that as the providers' static tag, which this preview does not apply (it reads the tag each provider registered)`);
  }
  return notes;
}
