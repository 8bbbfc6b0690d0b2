import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { parseProviderUrl } from "@/lib/routing/url/provider-url";
import { tagProviderOf } from "@/lib/tag/tag-case";
import type { TagProvider } from "@/lib/tag/tag-router";

/** A provider of the list, as the tag router of a release reads it, or why its URL cannot be read. */
export type ParsedTagProviders = { readonly providers: readonly TagProvider[]; readonly unreadable: readonly string[]; readonly kept: readonly number[] };

const memo = new WeakMap<readonly string[], Map<DubboRelease, ParsedTagProviders>>();

/**
 * The providers of a service (the catalog's array, decoded registry URLs) as each release's
 * tag router reads them, parsed once per array and release: the catalog hands out the same
 * array until the service changes, so repeated previews pay for the size once. A URL the
 * release cannot parse is left out (`kept` maps positions back), as a Java consumer never
 * makes an invoker of it.
 */
export function tagProviders(list: readonly string[], release: DubboRelease): ParsedTagProviders {
  let byRelease = memo.get(list);
  if (byRelease === undefined) {
    byRelease = new Map();
    memo.set(list, byRelease);
  }
  let parsed = byRelease.get(release);
  if (parsed === undefined) {
    const providers: TagProvider[] = [];
    const unreadable: string[] = [];
    const kept: number[] = [];
    list.forEach((url, i) => {
      try {
        providers.push(tagProviderOf(parseProviderUrl(url, release), release));
        kept.push(i);
      } catch {
        unreadable.push(url);
      }
    });
    parsed = { providers, unreadable, kept };
    byRelease.set(release, parsed);
  }
  return parsed;
}
