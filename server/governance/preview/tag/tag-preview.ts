import type { Consumer } from "@/lib/api/catalog-entities";
import type { TagConditionStep, TagConsumerRow, TagOutcome, TagPreviewBody, TagPreviewResponse, TagReading, TagRequestRow } from "@/lib/api/tag-route-preview";
import { obeyedCopies } from "@/lib/dubbo/rules/rule-copies";
import { DUBBO_RELEASES, type DubboRelease } from "@/lib/dubbo/dubbo-release";
import { TAG_ROUTE } from "@/lib/rules/rule-kinds";
import { addressSet, FORCE_TAG_KEY, type LoadedTagRule, routeByTag, TAG_KEY, type TagProvider, type TagRequest, type TagRouteResult } from "@/lib/tag/tag-router";
import { TagRuleError } from "@/lib/tag/tag-rule";
import { heldRule, parsedTagRule, tagProviders } from "./tag-providers";
import { type ChainSight, type ConsumerChain, runTagChain, ServiceTagChains, type TagChainRoutes } from "./tag-chain";

/** One service of the rule's application, as the catalog holds it. */
export interface TagPreviewService {
  /** `group/interface:version`. */
  readonly key: string;
  /** The catalog's array of decoded provider URLs (kept while the service is unchanged). */
  readonly providers: readonly string[];
  readonly providerApplications: readonly string[];
  readonly consumers: readonly Consumer[];
  /** The service's saved condition routes Dubbo loads, run around the tag router (tag-chain.ts); absent: none read. */
  readonly routes?: TagChainRoutes;
}

/** What the preview reads of the console's state. */
export interface TagPreviewSources {
  /** The services some provider of `application` provides. */
  services(application: string): readonly TagPreviewService[];
  /** The rule text the config center holds for `application` now (null: none). */
  currentRule(application: string, registry?: string): string | null;
}

/** The most request tags judged per consumer (none, then the rules' tags in order). */
const REQUEST_TAGS_MAX = 32;

/**
 * POST /api/v1/tag-routes/preview: the draft (or the rule's deletion) against the rule the
 * config center holds, for every registered consumer of the application's services, by
 * the consumer's own release (2.7.23 TagRouter, 3.3 TagStateRouter; 2.6 reads no rule),
 * for a call without a tag and for each tag either rule names. A draft a release refuses
 * leaves that release's consumers on the rule they hold (Java logs the failure and keeps it).
 *
 * Work is per service, release and kind of consumer (its `dubbo.tag` and `dubbo.force.tag`):
 * consumers alike share their rows, and each route is one pass over the providers with each
 * tag's addresses compiled once (lib/tag/address-set.ts).
 */
export function previewTagRoute(body: TagPreviewBody, sources: TagPreviewSources): TagPreviewResponse {
  const { application, listMax } = body;
  const current = sources.currentRule(application, body.registry);
  const draft = body.yaml;
  const notes: string[] = [];
  const services = sources.services(application);
  if (services.length === 0) notes.push(`no registered provider is of application ${application}: no consumer reads this rule now`);
  const requestTags = requestTagsOf([current, draft], notes);
  let consumers = 0;
  let changed = 0;
  const stranded: TagPreviewResponse["impact"]["stranded"] = [];
  const selections = new Map<string | null, Map<DubboRelease, TagSelectionCount>>();
  const serviceRows = services.map((service) => {
    const mixed = service.providerApplications.filter((a) => a !== application);
    if (mixed.length > 0) notes.push(`${service.key} is also provided by ${mixed.join(", ")}: a consumer reads the rule of the application of the first provider it holds, which may not be ${application}`);
    const byRelease = new Map<DubboRelease, { providers: readonly TagProvider[]; origins: readonly number[]; before: LoadedTagRule | null; after: LoadedTagRule | null }>();
    const chains = service.routes === undefined ? null : new ServiceTagChains(service.providers, service.routes, notes);
    const state = (release: DubboRelease) => {
      let s = byRelease.get(release);
      if (s === undefined) {
        const parsed = tagProviders(service.providers, release);
        if (parsed.unreadable.length > 0) notes.push(`${service.key}: ${parsed.unreadable.length} provider URL(s) a ${release} consumer cannot read are left out`);
        const before = heldRule(parsed.providers, release, [current]);
        const after = heldRule(parsed.providers, release, [current, draft]);
        s = { providers: parsed.providers, origins: parsed.kept, before, after };
        byRelease.set(release, s);
        if (after !== null && after.rule.raw === draft) addSelections(selections, release, after, parsed.providers, listMax);
      }
      return s;
    };
    const groups = new Map<string, { row: TagConsumerRow; alike: string[] }>();
    const rows: TagConsumerRow[] = [];
    for (const c of service.consumers) {
      consumers++;
      const semantics = semanticsOf(c.release);
      const obeys = TAG_ROUTE.obeyedCopies(c.release).includes("config-center");
      const consumerTag = c.parameters[TAG_KEY] ?? null;
      const forceTag = c.parameters[FORCE_TAG_KEY] ?? null;
      const s = state(semantics);
      let chain: ConsumerChain | null = null;
      let sight: ChainSight | null = null;
      if (chains !== null && !chains.empty) {
        chain = chains.chainOf(c.release, semantics, s.origins);
        sight = chains.sightOf(chain, c);
      }
      const groupKey = JSON.stringify([semantics, obeys, consumerTag, forceTag, chain === null ? "" : `${obeyedCopies(c.release).copies.join()} ${sight?.key ?? "unread"}`]);
      const known = groups.get(groupKey);
      if (known) {
        known.alike.push(c.address);
        if (known.row.requests.some((r) => r.changed)) changed++;
        continue;
      }
      const requests: TagRequestRow[] = requestTags.map((tag) => {
        const request: TagRequest = { tagAttachment: tag, forceAttachment: null, consumerTag, consumerForce: forceTag };
        const judge = (loaded: LoadedTagRule | null): TagOutcome => {
          const held = obeys ? loaded : null;
          if (chain === null || sight === null || chain.steps.length === 0) {
            const r = routeByTag(semantics, held, s.providers, request);
            return outcome(r, r.kept, [], s.providers, semantics, obeys, loaded, listMax);
          }
          let tagged: TagRouteResult | null = null;
          const run = runTagChain(chain, sight, s.providers.length, semantics, (input) => (tagged = routeByTag(semantics, held, s.providers, request, input ?? undefined)).kept);
          return outcome(tagged ?? routeByTag(semantics, held, [], request), run.kept, run.steps, s.providers, semantics, obeys, loaded, listMax);
        };
        const before = judge(s.before);
        const after = judge(s.after);
        const moved = before.path !== after.path || before.providers.total !== after.providers.total || before.providers.addresses.join() !== after.providers.addresses.join() || before.ruleTag !== after.ruleTag;
        return { tag, routedTag: tag ?? consumerTag ?? null, before, after, changed: moved };
      });
      const row: TagConsumerRow = { application: c.application, address: c.address, release: c.release, semantics, obeys, consumerTag, forceTag, alike: [], requests };
      if (requests.some((r) => r.changed)) changed++;
      for (const r of requests) if (r.before.providers.total > 0 && r.after.providers.total === 0) stranded.push({ service: service.key, application: c.application, address: c.address, tag: r.tag });
      groups.set(groupKey, { row, alike: row.alike as string[] });
      rows.push(row);
    }
    // Which providers each tag selects is the draft's, whoever consumes: judged for every release even with no consumer of it.
    for (const release of DUBBO_RELEASES) state(release);
    return { service: service.key, providers: service.providers.length, providerApplications: [...new Set(service.providerApplications)], consumers: rows };
  });
  return {
    application,
    readings: { before: readings(current), after: readings(draft) },
    tags: [...selections].map(([name, byRelease]) => ({ name, releases: DUBBO_RELEASES.flatMap((release) => {
      const s = byRelease.get(release);
      return s ? [{ release, source: s.source, providers: { total: s.total, addresses: s.addresses } }] : [];
    }) })),
    services: serviceRows,
    impact: { consumers, changed, stranded },
    notes: [...new Set(notes)],
  };
}

/** A consumer's release as the tag router it runs: 2.x as 2.7.23, 3.x (and a release not known) as 3.3. */
function semanticsOf(release: string): DubboRelease {
  const line = obeyedCopies(release).line;
  return line === "2.6" || line === "2.7.0" || line === "2.7.3" ? "2.7" : "3.x";
}

/** The request tags judged: none, then every tag name either rule gives (as 3.3 reads it; 2.7 names are the same strings or fewer). */
function requestTagsOf(texts: readonly (string | null)[], notes: string[]): (string | null)[] {
  const tags: (string | null)[] = [null];
  for (const text of texts) {
    if (text === null) continue;
    for (const release of DUBBO_RELEASES) {
      const rule = parsedTagRule(text, release);
      // A refused text names no tag for that release.
      if (rule instanceof TagRuleError) continue;
      for (const t of rule.tags ?? []) if (t !== null && t.name !== null && t.name !== "" && !tags.includes(t.name)) tags.push(t.name);
    }
  }
  if (tags.length > REQUEST_TAGS_MAX) {
    notes.push(`the rules name ${tags.length - 1} tags; calls with the first ${REQUEST_TAGS_MAX - 1} are shown`);
    return tags.slice(0, REQUEST_TAGS_MAX);
  }
  return tags;
}

/** How each release reads a text. */
function readings(text: string | null): TagReading[] {
  return DUBBO_RELEASES.map((release) => {
    if (text === null) return { release, status: "none", problem: null };
    const rule = parsedTagRule(text, release);
    if (rule instanceof TagRuleError) return { release, status: "refused", problem: rule.message };
    return { release, status: !rule.valid ? "not_valid" : !rule.enabled ? "disabled" : "active", problem: null };
  });
}

function sample(kept: readonly number[], providers: readonly TagProvider[], listMax: number): { total: number; addresses: string[] } {
  return { total: kept.length, addresses: kept.slice(0, listMax).map((i) => providers[i]!.address ?? "") };
}

/**
 * A route's answer in words: `r` is the tag router's own answer, `kept` what the consumer
 * ends with after the condition routes `conditions` (the tag router's answer when none).
 */
function outcome(
  r: TagRouteResult,
  kept: readonly number[],
  conditions: readonly TagConditionStep[],
  providers: readonly TagProvider[],
  release: DubboRelease,
  obeys: boolean,
  loaded: LoadedTagRule | null,
  listMax: number,
): TagOutcome {
  const s = sample(kept, providers, listMax);
  const none = r.kept.length === 0;
  const tag = r.tag === null ? null : JSON.stringify(r.tag);
  let reason: string;
  switch (r.path) {
    case "static": {
      const why = !obeys ? "this release reads no tag rule" : loaded === null ? "no tag rule" : !loaded.rule.valid ? "the rule has no tags" : "the rule is disabled";
      reason =
        tag === null
          ? `no request tag: providers without dubbo.tag (${why}; static tags only)`
          : r.fellBack
            ? `no provider has dubbo.tag=${tag}: providers without dubbo.tag (${why}; static tags only)`
            : none
              ? `no provider has dubbo.tag=${tag}, and dubbo.force.tag keeps the call there (${why})`
              : `providers with dubbo.tag=${tag} (${why}; static tags only)`;
      break;
    }
    case "dynamic": {
      const level = r.ruleTag !== null && r.ruleTag !== r.tag ? ` (${tag} falls back to its level ${JSON.stringify(r.ruleTag)})` : "";
      reason = none
        ? `tag ${JSON.stringify(r.ruleTag)} of the rule names no provider that is up, and ${loaded?.rule.force ? "the rule's force" : "dubbo.force.tag"} keeps the call there: no provider${level}`
        : `tag ${JSON.stringify(r.ruleTag)} of the rule: the providers it names${level}`;
      break;
    }
    case "static-in-rule":
      reason = none ? `${tag} is not a tag of the rule, no provider has dubbo.tag=${tag}, and dubbo.force.tag keeps the call there: no provider` : `${tag} is not a tag of the rule: providers with dubbo.tag=${tag}`;
      break;
    case "failover":
      reason = `nothing answers ${tag}${r.ruleTag !== undefined && r.ruleTag !== null ? " (the providers its tag names are not up)" : ""}: falls back to providers in no tag of the rule and without dubbo.tag${none ? ", and there are none" : ""}`;
      break;
    case "untagged":
      reason =
        none && r.fellBack === false
          ? `no request tag: ${release === "2.7" ? "providers in no tag of the rule whose dubbo.tag is empty or not a tag of the rule" : "providers in no tag of the rule and without dubbo.tag"}; there are none`
          : `no request tag: ${release === "2.7" ? "providers in no tag of the rule whose dubbo.tag is empty or not a tag of the rule" : "providers in no tag of the rule and without dubbo.tag"}`;
      break;
    case "thrown":
      reason = `the call fails in the router (${r.thrown ?? "an exception"}): the rule set a field Java cannot use`;
      break;
  }
  if (r.dnsEntries.length > 0) reason += `; ${r.dnsEntries.map((e) => JSON.stringify(e)).join(", ")} would be looked up by DNS, which the preview does not do`;
  reason = withConditions(reason, conditions, providers.length);
  return { path: r.path, providers: s, conditions: [...conditions], ruleTag: r.ruleTag ?? null, fellBack: r.fellBack, reason };
}

/** The tag router's reason with what the condition routes around it did (those that changed something, or that Dubbo skipped). */
function withConditions(reason: string, conditions: readonly TagConditionStep[], all: number): string {
  if (conditions.length === 0) return reason;
  const said = (c: TagConditionStep) => {
    const where = c.copy === "registry" ? `registry route "${c.name}" (priority ${c.priority})` : `config-center condition "${c.name}" (ServiceRouter, 140)`;
    if (c.outcome === "invalid") return `${where} is skipped: Dubbo rejects its rule`;
    if (c.outcome === "skipped") return `${where} does not run: Dubbo 3 stops the chain at an empty result`;
    if (c.outcome === "empty-fallback" || c.outcome === "error-fallback") return `${where} would leave none and, not forced, keeps its ${c.input}`;
    return `${where} keeps ${c.output} of ${c.input}`;
  };
  const telling = (c: TagConditionStep) => c.output !== c.input || c.outcome === "invalid" || c.outcome === "skipped" || c.outcome === "empty-fallback";
  const before = conditions.filter((c) => c.at === "before-tag" && telling(c));
  const after = conditions.filter((c) => c.at === "after-tag" && telling(c));
  const reached = conditions.filter((c) => c.at === "before-tag").at(-1)?.output ?? all;
  let text = reason;
  if (before.length > 0) {
    const first = `First (below the tag router's priority 100) ${before.map(said).join("; ")}`;
    text = reached === 0 ? `${first}: no provider reaches the tag router` : `${first}; then the tag router: ${reason}`;
  }
  if (after.length > 0) text += `; after it ${after.map(said).join("; ")}`;
  return text;
}

/** The providers one tag selects for one release, across the application's services: each address once. */
interface TagSelectionCount {
  source: "addresses" | "match" | "none";
  addresses: string[];
  total: number;
  readonly seen: Set<string>;
}

/** Adds the providers each tag of the loaded draft selects in one service (an address already counted in another service is not counted again). */
function addSelections(
  into: Map<string | null, Map<DubboRelease, TagSelectionCount>>,
  release: DubboRelease,
  loaded: LoadedTagRule,
  providers: readonly TagProvider[],
  listMax: number,
): void {
  for (const tag of loaded.rule.tags ?? []) {
    if (tag === null) continue;
    let byRelease = into.get(tag.name);
    if (byRelease === undefined) {
      byRelease = new Map();
      into.set(tag.name, byRelease);
    }
    const list = loaded.tagAddresses?.get(tag.name);
    const source = list === undefined || list.length === 0 ? "none" : loaded.matched.has(tag.name) ? "match" : "addresses";
    const s = byRelease.get(release) ?? { source, addresses: [], total: 0, seen: new Set<string>() };
    if (s.source === "none") s.source = source;
    if (list !== undefined && list.length > 0) {
      const set = addressSet(list);
      for (const p of providers) {
        if (!set.matches(p)) continue;
        const address = p.address ?? "";
        if (s.seen.has(address)) continue;
        s.seen.add(address);
        s.total++;
        if (s.addresses.length < listMax) s.addresses.push(p.address ?? "");
      }
    }
    byRelease.set(release, s);
  }
}
