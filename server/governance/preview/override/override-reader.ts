import type { DubboUrl } from "@/lib/dubbo/url";
import { consumerRelease, obeyedCopies } from "@/lib/dubbo/rules/rule-copies";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { paramOr } from "@/lib/override/url-access";
import { OVERRIDE } from "@/lib/rules/rule-kinds";

/**
 * One consumer an override preview judges: its URL (parsed), and whose configurator
 * semantics and which copies its Dubbo release reads:
 * - 2.6 and 2.7.0-2.7.2: the registry's `configurators` category only (2.6 has no config
 *   center; 2.7.0-2.7.2 read an early config-center layout the console does not write),
 *   judged with 2.7.23's classes;
 * - 2.7.3 and later 2.7: the registry's, then `{application}.configurators`, then
 *   `{interface}:{version}:{group}.configurators` (RegistryDirectory.overrideWithConfigurator);
 * - 3.x: the same three (3.3.6's RegistryDirectory still subscribes to the `configurators`
 *   category at interface level), with 3.3.6's classes and its separate override URL;
 * - a release the console does not know: as 3.3.6, said in the preview's notes.
 */
export interface PreviewConsumer {
  readonly text: string;
  readonly url: DubboUrl;
  readonly application: string;
  readonly host: string;
  /** As its URL states it, "" when none. */
  readonly release: string;
  readonly semantics: DubboRelease;
  readonly readsCenter: boolean;
  readonly knownRelease: boolean;
  readonly byHand: boolean;
}

/** A consumer URL as a preview judges it; `release` overrides what the URL states (a consumer described by hand). */
export function previewConsumer(text: string, url: DubboUrl, byHand: boolean, release?: string): PreviewConsumer {
  const stated = release ?? consumerRelease(url.parameters);
  const line = obeyedCopies(stated).line;
  const semantics: DubboRelease = line === "2.6" || line === "2.7.0" || line === "2.7.3" ? "2.7" : "3.x";
  return {
    text,
    url,
    application: paramOr(url, "application", ""),
    host: url.host,
    release: stated,
    semantics,
    readsCenter: OVERRIDE.obeyedCopies(stated).includes("config-center"),
    knownRelease: line !== "unknown",
    byHand,
  };
}
