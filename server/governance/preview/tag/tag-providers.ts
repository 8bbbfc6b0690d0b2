import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { parseProviderUrl } from "@/lib/routing/url/provider-url";
import { tagProviderOf } from "@/lib/tag/tag-case";
import { type LoadedTagRule, loadTagRule, type TagProvider } from "@/lib/tag/tag-router";
import { parseTagRule, type TagRule, TagRuleError } from "@/lib/tag/tag-rule";

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

/** Rule texts kept per provider list and release (the held rule, and the last drafts). */
const LOADED_MAX = 64;
/** Texts longer than this are loaded anew each time, not kept. */
const LOADED_TEXT_MAX = 64 * 1024;
const loadedMemo = new WeakMap<readonly TagProvider[], Map<string, LoadedTagRule | null>>();

/**
 * The rule `text` as a router of `release` holding `providers` loads it (parse, then `init`;
 * 3.3's `match` is worked out over these providers), or null when Java refuses it. Kept
 * per provider list, so the rule the config center holds is loaded once per catalog change
 * and a draft once per text.
 */
export function loadedRule(providers: readonly TagProvider[], release: DubboRelease, text: string): LoadedTagRule | null {
  let byText = loadedMemo.get(providers);
  if (byText === undefined) {
    byText = new Map();
    loadedMemo.set(providers, byText);
  }
  const key = `${release}\u0000${text}`;
  if (byText.has(key)) return byText.get(key)!;
  let loaded: LoadedTagRule | null;
  try {
    const parsed = parsedTagRule(text, release);
    loaded = parsed instanceof TagRuleError ? null : loadTagRule(parsed, providers);
  } catch (e) {
    if (!(e instanceof TagRuleError)) throw e;
    loaded = null;
  }
  if (text.length <= LOADED_TEXT_MAX) {
    if (byText.size >= LOADED_MAX) byText.delete(byText.keys().next().value!);
    byText.set(key, loaded);
  }
  return loaded;
}

/** The rule a router holds after `texts` were notified in order: a refused text keeps the one before, null deletes. */
export function heldRule(providers: readonly TagProvider[], release: DubboRelease, texts: readonly (string | null)[]): LoadedTagRule | null {
  let held: LoadedTagRule | null = null;
  for (const text of texts) {
    if (text === null) held = null;
    else held = loadedRule(providers, release, text) ?? held;
  }
  return held;
}

const PARSED_MAX = 128;
const parsedMemo = new Map<string, TagRule | TagRuleError>();

/** `parseTagRule` of a text, or Java's refusal, kept for the last texts (the held rule and the drafts being typed). */
export function parsedTagRule(text: string, release: DubboRelease): TagRule | TagRuleError {
  const key = `${release}\u0000${text}`;
  let found = parsedMemo.get(key);
  if (found === undefined) {
    try {
      found = parseTagRule(text, release);
    } catch (e) {
      if (!(e instanceof TagRuleError)) throw e;
      found = e;
    }
    if (text.length <= LOADED_TEXT_MAX) {
      if (parsedMemo.size >= PARSED_MAX) parsedMemo.delete(parsedMemo.keys().next().value!);
      parsedMemo.set(key, found);
    }
  }
  return found;
}
