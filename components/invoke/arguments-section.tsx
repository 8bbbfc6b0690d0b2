"use client";

import { useId } from "react";
import type { Draft } from "@/lib/invoke/form/draft";
import { JavaType } from "../service-detail/java-type";
import { useFieldEnv } from "./field-env";
import { FieldEditor } from "./field-editor";
import { JsonTextEditor } from "./json-text-editor";

/**
 * The method's arguments: a field per parameter, generated from its type, beside the same
 * arguments as one JSON array; an edit on either side shows on the other.
 */
export function ArgumentsSection({
  parameterTypes,
  drafts,
  onDraft,
  jsonText,
  jsonProblem,
  onJson,
}: {
  parameterTypes: readonly string[];
  drafts: readonly Draft[];
  onDraft: (index: number, draft: Draft) => void;
  jsonText: string;
  jsonProblem: string | null;
  onJson: (text: string) => void;
}) {
  const { types } = useFieldEnv();
  const jsonLabel = useId();
  const jsonProblemId = useId();
  return (
    <section className="min-w-0 space-y-2" aria-label="Arguments" data-testid="invoke-arguments">
      <h2 className="text-sm font-semibold">Arguments</h2>
      <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,0.85fr)]">
        <div className="min-w-0 space-y-4 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900">
          {parameterTypes.length === 0 && <p className="text-sm text-zinc-500 dark:text-zinc-400">This method takes no arguments.</p>}
          {parameterTypes.map((type, i) => (
            <div key={i} className="min-w-0 space-y-1.5" data-argument={i}>
              <p className="font-mono text-xs [overflow-wrap:anywhere]">
                <span className="font-sans font-medium text-zinc-700 dark:text-zinc-300">Argument {i + 1}</span> <JavaType type={type} />
              </p>
              <FieldEditor spec={types.spec(type)} draft={drafts[i]!} onChange={(d) => onDraft(i, d)} place="argument" path={[i]} label={`Argument ${i + 1}`} />
            </div>
          ))}
        </div>
        <div className="min-w-0 space-y-1">
          <span id={jsonLabel} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
            As JSON (the request&apos;s <code className="font-mono">args</code>)
          </span>
          <JsonTextEditor value={jsonText} onChange={onJson} labelledBy={jsonLabel} describedBy={jsonProblem ? jsonProblemId : undefined} invalid={jsonProblem !== null} />
          {jsonProblem && (
            <p id={jsonProblemId} role="alert" className="text-xs text-red-700 dark:text-red-300" data-testid="args-json-problem">
              {jsonProblem} The form keeps its last values until the JSON reads.
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
