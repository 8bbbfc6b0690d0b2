"use client";

import { useId } from "react";
import type { StringMatch } from "@/lib/override/condition-match";
import { type ApplicationProvider, providersMatchingAny } from "@/lib/tag/application-providers";
import { addressEntryOf, isPicked, togglePick } from "@/lib/tag/provider-pick";
import { STRING_MATCH_KINDS, type TagDraftProblem, type TagGroupDraft, type TagMatchDraft } from "@/lib/tag/tag-draft";
import { Button } from "../ui/button";
import { Input } from "../ui/input";

const KIND_WORDS: Record<(typeof STRING_MATCH_KINDS)[number], string> = { exact: "is", prefix: "starts with", regex: "matches regex", noempty: "is set", empty: "is not set", wildcard: "wildcard" };
const NO_VALUE = new Set(["noempty", "empty"]);

const kindOf = (v: StringMatch) => STRING_MATCH_KINDS.find((k) => v[k] !== undefined) ?? "exact";
const valueOf = (v: StringMatch) => v[kindOf(v)] ?? "";

/** The problems of one field path, as a line under the field. */
function FieldProblem({ problems, path }: { problems: readonly TagDraftProblem[]; path: string }) {
  const mine = problems.filter((p) => p.path === path);
  if (mine.length === 0) return null;
  return (
    <p className="text-xs text-red-700 dark:text-red-300" data-testid="tag-field-error" data-path={path}>
      {mine.map((p) => p.message).join("; ")}
    </p>
  );
}

/** One `match` condition: key (suggested from the providers' parameters), how it matches, and the value. */
function MatchRow({ match, keys, listId, onChange, onRemove, problems, path }: { match: TagMatchDraft; keys: readonly string[]; listId: string; onChange: (m: TagMatchDraft) => void; onRemove: () => void; problems: readonly TagDraftProblem[]; path: string }) {
  const kind = kindOf(match.value);
  return (
    <div className="space-y-1" data-testid="tag-match-row">
      <div className="flex flex-wrap items-center gap-2">
        <Input aria-label="Parameter" placeholder="parameter, e.g. version" list={listId} value={match.key} onChange={(e) => onChange({ ...match, key: e.target.value })} className="w-40 min-w-0 flex-1 font-mono" data-testid="tag-match-key" />
        <select
          aria-label="How it matches"
          value={kind}
          onChange={(e) => onChange({ ...match, value: { [e.target.value]: NO_VALUE.has(e.target.value) ? "true" : valueOf(match.value) } })}
          className="h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          data-testid="tag-match-kind"
        >
          {STRING_MATCH_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_WORDS[k]}
            </option>
          ))}
        </select>
        {!NO_VALUE.has(kind) && <Input aria-label="Value" placeholder="value" value={valueOf(match.value)} onChange={(e) => onChange({ ...match, value: { [kind]: e.target.value } })} className="w-32 min-w-0 flex-1 font-mono" data-testid="tag-match-value" />}
        <Button type="button" size="sm" variant="ghost" onClick={onRemove} aria-label="Remove condition">
          Remove
        </Button>
      </div>
      <FieldProblem problems={problems} path={`${path}.key`} />
      {keys.length > 0 && (
        <datalist id={listId}>
          {keys.map((k) => (
            <option key={k} value={k} />
          ))}
        </datalist>
      )}
    </div>
  );
}

/**
 * One tag of the rule as a named group of providers: its name, the application's live
 * providers to tick (each saved as the address entry every release matches, see
 * lib/tag/provider-pick.ts), other address entries (CIDR, `*`) as text, and `match`
 * conditions on provider parameters with the providers they select shown as you type.
 */
export function TagGroupEditor({
  group,
  index,
  providers,
  keys,
  problems,
  onChange,
  onRemove,
}: {
  group: TagGroupDraft;
  index: number;
  providers: readonly ApplicationProvider[];
  keys: readonly string[];
  problems: readonly TagDraftProblem[];
  onChange: (g: TagGroupDraft) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const path = `rule.tags.${index}`;
  const known = new Set(providers.map((p) => addressEntryOf(p)));
  const others = group.addresses.filter((a) => !known.has(a));
  const matched = providersMatchingAny(providers, group.match);
  const setOthers = (text: string) => {
    const typed = text.split(/[\s,]+/).filter((s) => s !== "");
    onChange({ ...group, addresses: [...group.addresses.filter((a) => known.has(a)), ...typed] });
  };
  return (
    <fieldset className="min-w-0 space-y-3 rounded-md border border-zinc-200 p-3 dark:border-zinc-800" data-testid="tag-group" data-tag-index={index}>
      <legend className="px-1 text-sm font-medium">Tag {index + 1}</legend>
      <div className="flex flex-wrap items-end gap-2">
        <label className="min-w-0 flex-1 space-y-1 text-sm">
          <span className="text-xs font-medium text-zinc-600 dark:text-zinc-400">Name (the request tag, dubbo.tag)</span>
          <Input value={group.name} onChange={(e) => onChange({ ...group, name: e.target.value })} placeholder="gray" className="font-mono" data-testid="tag-name" />
        </label>
        <Button type="button" size="sm" variant="ghost" onClick={onRemove} data-testid="remove-tag">
          Remove tag
        </Button>
      </div>
      <FieldProblem problems={problems} path={`${path}.name`} />
      <FieldProblem problems={problems} path={path} />
      <div className="space-y-1">
        <p className="text-xs font-medium text-zinc-600 dark:text-zinc-400">Providers by address</p>
        {providers.length === 0 ? (
          <p className="text-sm text-zinc-500">The application has no registered provider now; type addresses below.</p>
        ) : (
          <ul className="grid gap-1 sm:grid-cols-2" data-testid="tag-provider-list">
            {providers.map((p) => (
              <li key={p.address}>
                <label className="flex min-w-0 items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-1"
                    checked={isPicked(group.addresses, p)}
                    onChange={(e) => onChange({ ...group, addresses: togglePick(group.addresses, p, e.target.checked) })}
                    data-testid="tag-pick-provider"
                    data-address={p.address}
                  />
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    <span className="font-mono">{p.address}</span>
                    <span className="text-xs text-zinc-500"> {[p.releases.join(", "), p.parameters.version ? `version ${p.parameters.version}` : "", p.parameters["dubbo.tag"] ? `static tag ${p.parameters["dubbo.tag"]}` : ""].filter(Boolean).join(" · ")}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <label className="block space-y-1 text-sm">
          <span className="text-xs text-zinc-600 dark:text-zinc-400">Other address entries (ip, ip:port, CIDR such as 10.0.0.0/24, or *), separated by commas</span>
          <Input key={others.join(",")} defaultValue={others.join(", ")} onBlur={(e) => setOthers(e.target.value)} className="font-mono" data-testid="tag-other-addresses" />
        </label>
        {group.addresses.map((a, j) => (
          <FieldProblem key={j} problems={problems} path={`${path}.addresses.${j}`} />
        ))}
      </div>
      <div className="space-y-2">
        <p className="text-xs font-medium text-zinc-600 dark:text-zinc-400">Or by provider parameters (match; Dubbo 3 only, every condition must hold)</p>
        {group.match.map((m, j) => (
          <MatchRow
            key={j}
            match={m}
            keys={keys}
            listId={`${id}-keys-${j}`}
            problems={problems}
            path={`${path}.match.${j}`}
            onChange={(next) => onChange({ ...group, match: group.match.map((x, k) => (k === j ? next : x)) })}
            onRemove={() => onChange({ ...group, match: group.match.filter((_, k) => k !== j) })}
          />
        ))}
        <Button type="button" size="sm" onClick={() => onChange({ ...group, match: [...group.match, { key: "", value: { exact: "" } }] })} data-testid="add-match">
          Add condition
        </Button>
        {group.match.length > 0 && (
          <p className="text-sm [overflow-wrap:anywhere]" data-testid="tag-match-result" data-count={matched.length}>
            {matched.length === 0 ? "No registered provider matches these conditions." : `Matches ${matched.length} provider${matched.length === 1 ? "" : "s"}: ${matched.map((p) => p.address).join(", ")}`}
          </p>
        )}
      </div>
    </fieldset>
  );
}
