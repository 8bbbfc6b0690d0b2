"use client";

import { Plus, Trash2 } from "lucide-react";
import { type Draft, emptyDraft } from "@/lib/invoke/form/draft";
import type { FieldSpec } from "@/lib/invoke/form/field-spec";
import { countOf } from "@/lib/format/plural";
import { Button } from "../ui/button";
import { ContainerHeader, missingText } from "./container-header";
import { FieldIssues, useFieldEnv, useFieldIssues } from "./field-env";
import type { ChildEditor, FieldProps } from "./field-props";
import { iconButton } from "./icon-button";

/** An array, List or Set: one row per element, in order, each removable, and a button to add one. */
export function ListField({ spec, draft, onChange, place, path, label, Child }: FieldProps & { spec: Extract<FieldSpec, { kind: "list" }>; Child: ChildEditor }) {
  const { types } = useFieldEnv();
  const { messages, id } = useFieldIssues(path);
  const element = types.spec(spec.element);
  const items = draft.kind === "list" && draft.presence === "given" ? draft.items : null;
  const setItems = (next: readonly Draft[]) => onChange({ kind: "list", presence: "given", items: next });
  const add = (
    <Button type="button" size="sm" onClick={() => setItems([...(items ?? []), emptyDraft(element, "element")])} aria-label={`Add an item to ${label}`}>
      <Plus className="h-3.5 w-3.5" aria-hidden /> Item
    </Button>
  );
  return (
    <div className="min-w-0 space-y-2 border-l-2 border-zinc-200 pl-2.5 dark:border-zinc-700" data-field-path={["args", ...path].join(".")} data-field-kind="list">
      <ContainerHeader type={spec.type} label={label} count={items ? countOf(items.length, "item") : missingText(draft, place)} onClear={items && place !== "argument" ? () => onChange(emptyDraft(spec, "property")) : undefined}>
        {add}
      </ContainerHeader>
      {items && items.length > 0 && (
        <ol className="space-y-2">
          {items.map((item, i) => (
            <li key={i} className="flex min-w-0 items-start gap-1.5">
              <span className="w-6 shrink-0 pt-2 text-right font-mono text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{i}</span>
              <div className="min-w-0 flex-1">
                <Child spec={element} draft={item} onChange={(d) => setItems(items.map((x, j) => (j === i ? d : x)))} place="element" path={[...path, i]} label={`${label} item ${i}`} />
              </div>
              <button type="button" aria-label={`Remove item ${i} of ${label}`} title="Remove" onClick={() => setItems(items.filter((_, j) => j !== i))} className={iconButton}>
                <Trash2 className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ol>
      )}
      <FieldIssues messages={messages} id={id} />
    </div>
  );
}
