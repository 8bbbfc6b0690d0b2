"use client";

import { type Draft, type Place, typedJson } from "@/lib/invoke/form/draft";
import type { FieldSpec } from "@/lib/invoke/form/field-spec";
import { FieldIssues, useFieldIssues } from "./field-env";
import { missingText } from "./container-header";

/** Free JSON, for a type the form cannot describe (an undescribed class, java.lang.Object); says why. */
export function JsonField({ spec, draft, onChange, place, path, label }: { spec: Extract<FieldSpec, { kind: "json" }>; draft: Draft; onChange: (d: Draft) => void; place: Place; path: readonly (string | number)[]; label: string }) {
  const { messages, id } = useFieldIssues(path);
  const text = draft.kind === "json" ? draft.text : "";
  return (
    <div className="min-w-0" data-field-path={["args", ...path].join(".")} data-field-kind="json">
      <textarea
        aria-label={label}
        aria-invalid={messages.length > 0}
        aria-describedby={messages.length > 0 ? id : undefined}
        value={text}
        rows={Math.min(8, Math.max(2, text.split("\n").length))}
        spellCheck={false}
        placeholder={`JSON · ${missingText(draft, place)} while empty`}
        onChange={(e) => onChange(typedJson(e.target.value))}
        className="block w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2.5 py-1.5 font-mono text-[13px] focus-visible:outline-2 focus-visible:outline-brand-500 aria-invalid:border-red-400 dark:border-zinc-700 dark:bg-zinc-900 dark:aria-invalid:border-red-700"
      />
      <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">Free JSON: {spec.why}.</p>
      <FieldIssues messages={messages} id={id} />
    </div>
  );
}
