import type { StringMatch } from "../override/condition-match";
import { parseTagRule, TagRuleError } from "./tag-rule";

/**
 * A tag rule as the console edits it (the form, the API's `rule`), and its YAML both ways.
 * What it renders reads the same in Dubbo 2.7.23 and 3.3.6 (lib/tag/tag-rule.ts): booleans
 * and `priority` as YAML booleans and ints (2.7 refuses quoted ones), strings double-quoted
 * (3.3 refuses a number where a string belongs), `configVersion: v3.0` so 3.3 reads `match`
 * (2.7 ignores both keys, so a tag selected only by `match` selects nothing for 2.7).
 */
export interface TagRouteDraft {
  readonly force: boolean;
  readonly enabled: boolean;
  readonly runtime: boolean;
  readonly priority: number;
  readonly tags: readonly TagGroupDraft[];
}

/** One tag: the providers named by address (`ip`, `ip:port`, CIDR, `*`) and/or selected by parameter conditions (3.x only). */
export interface TagGroupDraft {
  readonly name: string;
  readonly addresses: readonly string[];
  readonly match: readonly TagMatchDraft[];
}

/** One `match` condition: a provider URL parameter and how its value must match (exactly one of StringMatch's kinds). */
export interface TagMatchDraft {
  readonly key: string;
  readonly value: StringMatch;
}

/** The kinds of StringMatch, in the order Dubbo 3.3's StringMatch.isMatch tries them. */
export const STRING_MATCH_KINDS = ["exact", "prefix", "regex", "noempty", "empty", "wildcard"] as const satisfies readonly (keyof StringMatch)[];

/** A text as a YAML double-quoted scalar (JSON's escapes are YAML's). */
const quoted = (s: string) => JSON.stringify(s);

/** The YAML of `draft` as the `{application}.tag-router` rule: `key` is the application. */
export function renderTagRule(application: string, draft: TagRouteDraft): string {
  const lines = [
    "configVersion: v3.0",
    `force: ${draft.force}`,
    `enabled: ${draft.enabled}`,
    `runtime: ${draft.runtime}`,
    `priority: ${Math.trunc(draft.priority)}`,
    `key: ${quoted(application)}`,
    "tags:",
  ];
  for (const tag of draft.tags) {
    lines.push(`  - name: ${quoted(tag.name)}`);
    if (tag.addresses.length > 0) {
      lines.push("    addresses:");
      for (const a of tag.addresses) lines.push(`      - ${quoted(a)}`);
    }
    if (tag.match.length > 0) {
      lines.push("    match:");
      for (const m of tag.match) {
        lines.push(`      - key: ${quoted(m.key)}`, "        value:");
        for (const kind of STRING_MATCH_KINDS) if (m.value[kind] !== undefined) lines.push(`          ${kind}: ${quoted(m.value[kind]!)}`);
      }
    }
  }
  return `${lines.join("\n")}\n`;
}

/** A rule text as a draft, or why the form cannot hold it (the text is then edited as text). */
export type TagDraftReading = { readonly type: "draft"; readonly draft: TagRouteDraft; readonly notes: readonly string[] } | { readonly type: "text-only"; readonly reason: string };

/**
 * Reads a rule text into a draft, as Dubbo 3.3 reads it (the reading that knows `match`);
 * `application`: the rule's node, for the note when its `key` names another. A text 3.3
 * refuses, or one with parts the draft has no place for, is `text-only`.
 */
export function readTagDraft(text: string, application: string): TagDraftReading {
  let rule;
  try {
    rule = parseTagRule(text, "3.x");
  } catch (e) {
    if (e instanceof TagRuleError) return { type: "text-only", reason: `Dubbo 3 refuses the rule: ${e.message}` };
    throw e;
  }
  const notes: string[] = [];
  if (rule.key !== null && rule.key !== application) notes.push(`the rule's key is ${JSON.stringify(rule.key)}, not ${JSON.stringify(application)}; Dubbo reads the rule by its node name, and saving from the form sets key to ${JSON.stringify(application)}`);
  if (rule.configVersion === null || !rule.configVersion.startsWith("v3.0")) notes.push("the rule has no configVersion v3.0, so Dubbo 3 ignores its match conditions; saving from the form sets it");
  const tags: TagGroupDraft[] = [];
  for (const [i, t] of (rule.tags ?? []).entries()) {
    if (t.name === null) return { type: "text-only", reason: `tags[${i}] has no name` };
    if (t.addresses?.some((a) => a === null)) return { type: "text-only", reason: `tags[${i}].addresses holds an entry that is not a string` };
    const match: TagMatchDraft[] = [];
    for (const [j, m] of (t.match ?? []).entries()) {
      const kinds = m.value === null ? [] : STRING_MATCH_KINDS.filter((k) => m.value![k] !== undefined);
      if (m.key === null || m.value === null || kinds.length !== 1) return { type: "text-only", reason: `tags[${i}].match[${j}] is not one key with one kind of value (exact, prefix, regex, noempty, empty or wildcard)` };
      match.push({ key: m.key, value: { [kinds[0]!]: m.value[kinds[0]!]! } });
    }
    tags.push({ name: t.name, addresses: (t.addresses ?? []) as string[], match });
  }
  return { type: "draft", draft: { force: rule.force, enabled: rule.enabled, runtime: rule.runtime, priority: rule.priority, tags }, notes };
}

/** A problem of a draft: where (a field path of the API's `rule`) and what. */
export interface TagDraftProblem {
  readonly path: string;
  readonly message: string;
}

/** A literal IPv4 loopback or any-address host: Java treats these as IPv6 hosts, so `ip` and `ip:port` entries never match them. */
const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|0\.0\.0\.0)(:\d+)?$/;

/**
 * What a draft should not be saved with (the store refuses these): no tags, a tag without a
 * name or with neither addresses nor match, tag names given twice. Addresses and match
 * values Dubbo would read are not judged here: the preview shows what they select.
 */
export function tagDraftProblems(draft: TagRouteDraft): TagDraftProblem[] {
  const problems: TagDraftProblem[] = [];
  if (draft.tags.length === 0) problems.push({ path: "rule.tags", message: "a tag rule needs at least one tag (Dubbo treats a rule without tags as not valid and ignores it)" });
  const seen = new Map<string, number>();
  draft.tags.forEach((t, i) => {
    if (t.name.trim() === "") problems.push({ path: `rule.tags.${i}.name`, message: "a tag needs a name" });
    else if (seen.has(t.name)) problems.push({ path: `rule.tags.${i}.name`, message: `tag ${JSON.stringify(t.name)} is already tags[${seen.get(t.name)}]; Dubbo would use only one of them` });
    else seen.set(t.name, i);
    if (t.addresses.length === 0 && t.match.length === 0) problems.push({ path: `rule.tags.${i}`, message: `tag ${JSON.stringify(t.name)} selects no provider: give addresses or match conditions` });
    t.addresses.forEach((a, j) => {
      if (a.trim() === "") problems.push({ path: `rule.tags.${i}.addresses.${j}`, message: "an address must not be empty" });
    });
    t.match.forEach((m, j) => {
      if (m.key.trim() === "") problems.push({ path: `rule.tags.${i}.match.${j}.key`, message: "a match condition needs a parameter key" });
    });
  });
  return problems;
}

/** Notes on a draft that Dubbo reads but that may not do what it seems to: loopback `ip` entries, `match` 2.7 ignores. */
export function tagDraftNotes(draft: TagRouteDraft): string[] {
  const notes: string[] = [];
  for (const t of draft.tags) {
    const loopback = t.addresses.filter((a) => LOOPBACK.test(a));
    if (loopback.length > 0) notes.push(`tag ${JSON.stringify(t.name)}: ${loopback.join(", ")} never match${loopback.length === 1 ? "es" : ""}: Dubbo reads loopback and 0.0.0.0 providers as IPv6 hosts, so only a CIDR such as ${loopback[0]!.split(":")[0]}/32 or * selects them`);
    if (t.match.length > 0) notes.push(`tag ${JSON.stringify(t.name)}: Dubbo 2.7 consumers ignore match conditions${t.addresses.length === 0 ? ", so for them this tag selects no provider" : ""}`);
  }
  return notes;
}
