import type { Consumer } from "@/lib/api/catalog-entities";
import type { ConfigPreviewResponse } from "@/lib/api/overrides/config-preview";
import { type ConfigPreviewBody, type ConfigTarget, draftOfBody } from "@/lib/api/overrides/configs";
import { type ServiceId, serviceKey } from "@/lib/dubbo/service-key";
import { type DubboUrl, parseDubboUrl } from "@/lib/dubbo/url";
import { ValidationError } from "@/lib/errors";
import type { OverrideCopies } from "@/lib/override/override-copies";
import type { OverrideDraft } from "@/lib/override/override-draft";
import { previewOverrides } from "./override-preview";
import { previewConsumer } from "./override-reader";

/** What a config preview reads of the console's state (the engine has both). */
export interface ConfigPreviewSources {
  readonly catalog: { routing(key: string): { readonly providers: readonly string[]; readonly consumers: readonly Consumer[] } };
  readonly configs: {
    find(id: string): { readonly scope: "service" | "application"; readonly service?: string | undefined; readonly group?: string | undefined; readonly version?: string | undefined } | undefined;
    previewCopies(input: { id?: string; draft: OverrideDraft | null; targets?: readonly ConfigTarget[]; registry?: string }): { before: OverrideCopies; after: OverrideCopies };
  };
}

/**
 * POST /api/v1/configs/preview: what saving the body's draft (a new config, the edit of a
 * saved one, or its removal) would do to every registered consumer of the service and to
 * its providers, judged on the copies the store would write (ConfigStore.previewCopies)
 * by previewOverrides. A consumer described by hand is judged too. Nothing is written.
 *
 * Fast on a large service: the catalog's provider list is parsed once per state of the
 * service (kept while the catalog holds the same array).
 *
 * @throws ValidationError (400) for an id no config has, or a hand consumer URL that does not parse.
 * @throws NotFoundError (404) for a service nothing registers.
 * @throws RegistryUnavailableError (503) when no registry has been read yet.
 */
export function previewConfig(body: ConfigPreviewBody, sources: ConfigPreviewSources, now: () => number = Date.now): ConfigPreviewResponse {
  const saved = body.id === undefined ? undefined : sources.configs.find(body.id);
  if (body.id !== undefined && saved === undefined) {
    throw new ValidationError(`no config has the id ${JSON.stringify(body.id)}; GET /api/v1/configs lists them`, [{ path: "id", message: "no such config" }]);
  }
  const draft = body.config ? draftOfBody(body.config) : null;
  const service = serviceOf(body, draft, saved);
  const routing = sources.catalog.routing(serviceKey(service));
  const { before, after } = sources.configs.previewCopies({
    ...(body.id !== undefined ? { id: body.id } : {}),
    draft: body.delete === true ? null : (draft ?? null),
    ...(body.config?.targets ? { targets: body.config.targets } : {}),
    ...(body.registry !== undefined ? { registry: body.registry } : {}),
  });
  return previewOverrides({
    service,
    before,
    after: body.delete === true || draft !== null ? after : before,
    providers: parsedProviders(routing.providers),
    consumers: routing.consumers.map((c) => previewConsumer(c.url, parseDubboUrl(c.url), false)),
    ...(body.consumer ? { byHand: handConsumer(body.consumer) } : {}),
    clock: { now },
    listMax: body.listMax,
  });
}

function serviceOf(body: ConfigPreviewBody, draft: OverrideDraft | null, saved: ReturnType<ConfigPreviewSources["configs"]["find"]>): ServiceId {
  if (body.service) return { interface: body.service, group: body.group ?? "", version: body.version ?? "" };
  const own = draft?.scope === "service" ? draft : saved?.scope === "service" ? saved : undefined;
  if (own?.service) return { interface: own.service, group: own.group ?? "", version: own.version ?? "" };
  throw new ValidationError("an application-scope config reaches many services: name the one to preview in service", [{ path: "service", message: "required for an application-scope config" }]);
}

function handConsumer(consumer: NonNullable<ConfigPreviewBody["consumer"]>) {
  let url: DubboUrl;
  try {
    url = parseDubboUrl(consumer.url);
  } catch (e) {
    throw new ValidationError(`consumer.url is not a URL Dubbo can read: ${e instanceof Error ? e.message : String(e)}`, [{ path: "consumer.url", message: "not a Dubbo URL" }]);
  }
  if (!url.host) throw new ValidationError("consumer.url needs the consumer's host (consumer://10.0.0.5/...)", [{ path: "consumer.url", message: "no host" }]);
  return previewConsumer(consumer.url, url, true, consumer.release);
}

const parsed = new WeakMap<readonly string[], readonly DubboUrl[]>();

/** The catalog's provider texts parsed, once per array the catalog holds. */
function parsedProviders(texts: readonly string[]): readonly DubboUrl[] {
  let urls = parsed.get(texts);
  if (urls === undefined) {
    urls = texts.map((t) => parseDubboUrl(t));
    parsed.set(texts, urls);
  }
  return urls;
}
