"use client";

import { type Draft, emptyDraft, given, propertyDraft, withProperty } from "@/lib/invoke/form/draft";
import type { FieldSpec } from "@/lib/invoke/form/field-spec";
import { Button } from "../ui/button";
import { JavaType } from "../service-detail/java-type";
import { ContainerHeader, missingText } from "./container-header";
import { FieldIssues, useFieldEnv, useFieldIssues } from "./field-env";
import type { ChildEditor, FieldProps } from "./field-props";

/**
 * A POJO: one row per property the metadata lists (a property never filled in is left
 * out, so Java keeps its default), and the members it does not list (kept as they came
 * from the JSON view). Left empty it shows "not sent" (or null) and a button to fill it
 * in: nothing opens by itself, so a type that holds itself opens one level per click.
 */
export function ObjectField({ spec, draft, onChange, place, path, label, Child }: FieldProps & { spec: Extract<FieldSpec, { kind: "object" }>; Child: ChildEditor }) {
  const { types } = useFieldEnv();
  const { messages, id } = useFieldIssues(path);
  const fieldPath = ["args", ...path].join(".");
  if (draft.kind !== "object" || draft.presence !== "given") {
    return (
      <div className="flex min-w-0 flex-wrap items-center gap-2" data-field-path={fieldPath} data-field-kind="object">
        <span className="text-xs text-zinc-500 italic dark:text-zinc-400">{missingText(draft, place)}</span>
        <Button type="button" size="sm" onClick={() => onChange(given(draft.kind === "object" ? draft : emptyDraft(spec, "element")))} aria-label={`Fill in ${label}`}>
          Fill in <JavaType type={spec.type} />
        </Button>
        <FieldIssues messages={messages} id={id} />
      </div>
    );
  }
  const extra = Object.keys(draft.extra);
  return (
    <div className="min-w-0 space-y-2 border-l-2 border-zinc-200 pl-2.5 dark:border-zinc-700" data-field-path={fieldPath} data-field-kind="object">
      {/* An argument's type is already named above it, and an argument is never left out. */}
      {place !== "argument" && <ContainerHeader type={spec.type} label={label} onClear={() => onChange(emptyDraft(spec, "property"))} />}
      <div className="space-y-2.5">
        {spec.properties.map((p) => {
          const childSpec = types.spec(p.type);
          return (
            <div key={p.name} className="grid min-w-0 gap-x-3 gap-y-1 sm:grid-cols-[9rem_minmax(0,1fr)]">
              <div className="min-w-0 pt-1.5 text-xs [overflow-wrap:anywhere]">
                <span className="font-medium text-zinc-800 dark:text-zinc-200">{p.name}</span> <JavaType type={p.type} />
              </div>
              <Child spec={childSpec} draft={propertyDraft(draft, p.name, childSpec)} onChange={(d: Draft) => onChange(withProperty(draft, p.name, d))} place="property" path={[...path, p.name]} label={p.name} />
            </div>
          );
        })}
      </div>
      {extra.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400" data-testid="extra-members">
          <span>
            Also sent, not in the metadata: <code className="font-mono">{JSON.stringify(draft.extra)}</code>
          </span>
          <Button type="button" size="sm" variant="ghost" onClick={() => onChange({ ...draft, extra: {} })}>
            Drop
          </Button>
        </div>
      )}
      <FieldIssues messages={messages} id={id} />
    </div>
  );
}
