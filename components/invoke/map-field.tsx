"use client";

import { Plus, Trash2 } from "lucide-react";
import { type Draft, emptyDraft, type MapEntryDraft } from "@/lib/invoke/form/draft";
import type { FieldSpec } from "@/lib/invoke/form/field-spec";
import { countOf } from "@/lib/format/plural";
import { Button } from "../ui/button";
import { ContainerHeader, missingText } from "./container-header";
import { FieldIssues, useFieldEnv, useFieldIssues } from "./field-env";
import type { ChildEditor, FieldProps } from "./field-props";
import { iconButton } from "./icon-button";

const keyInput =
  "h-9 w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2 font-mono text-[13px] focus-visible:outline-2 focus-visible:outline-brand-500 sm:w-40 sm:shrink-0 dark:border-zinc-700 dark:bg-zinc-900";

/** A Map: one row per entry, its key as text (a JSON object's keys are strings) and its value's editor. */
export function MapField({ spec, draft, onChange, place, path, label, Child }: FieldProps & { spec: Extract<FieldSpec, { kind: "map" }>; Child: ChildEditor }) {
  const { types } = useFieldEnv();
  const { messages, id } = useFieldIssues(path);
  const valueSpec = types.spec(spec.value);
  const entries = draft.kind === "map" && draft.presence === "given" ? draft.entries : null;
  const setEntries = (next: readonly MapEntryDraft[]) => onChange({ kind: "map", presence: "given", entries: next });
  const setEntry = (i: number, entry: MapEntryDraft) => setEntries((entries ?? []).map((e, j) => (j === i ? entry : e)));
  return (
    <div className="min-w-0 space-y-2 border-l-2 border-zinc-200 pl-2.5 dark:border-zinc-700" data-field-path={["args", ...path].join(".")} data-field-kind="map">
      <ContainerHeader type={spec.type} label={label} count={entries ? countOf(entries.length, "entry", "entries") : missingText(draft, place)} onClear={entries && place !== "argument" ? () => onChange(emptyDraft(spec, "property")) : undefined}>
        <Button type="button" size="sm" onClick={() => setEntries([...(entries ?? []), { key: "", value: emptyDraft(valueSpec, "element") }])} aria-label={`Add an entry to ${label}`}>
          <Plus className="h-3.5 w-3.5" aria-hidden /> Entry
        </Button>
      </ContainerHeader>
      {entries && entries.length > 0 && (
        <ul className="space-y-2">
          {entries.map((entry, i) => (
            <li key={i} className="flex min-w-0 items-start gap-1.5" data-map-entry={i}>
              <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:flex-row sm:items-start">
                <input aria-label={`Key ${i} of ${label}`} value={entry.key} placeholder="key" spellCheck={false} onChange={(e) => setEntry(i, { ...entry, key: e.target.value })} className={keyInput} />
                <div className="min-w-0 flex-1">
                  <Child spec={valueSpec} draft={entry.value} onChange={(d: Draft) => setEntry(i, { ...entry, value: d })} place="element" path={[...path, entry.key]} label={`${label} value of ${JSON.stringify(entry.key)}`} />
                </div>
              </div>
              <button type="button" aria-label={`Remove entry ${i} of ${label}`} title="Remove" onClick={() => setEntries(entries.filter((_, j) => j !== i))} className={iconButton}>
                <Trash2 className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldIssues messages={messages} id={id} />
    </div>
  );
}
