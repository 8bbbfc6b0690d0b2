"use client";

import { useId, useMemo } from "react";
import type { TypeResolver } from "@/lib/invoke/form/field-spec";
import { FieldEditor } from "../invoke/field-editor";
import { FieldEnvProvider, issuesByPath } from "../invoke/field-env";
import { JsonTextEditor } from "../invoke/json-text-editor";
import { JavaType } from "../service-detail/java-type";
import type { ReturnValue } from "./use-return-value";

/**
 * The value a mock returns: the invoke form's field for the method's return type beside the
 * same value as JSON, an edit on either side shown on the other; the server's issues of
 * `returns` under it.
 */
export function ReturnValueField({ type, types, value, serverIssues, showRequired }: { type: string; types: TypeResolver; value: ReturnValue; serverIssues: readonly string[]; /** Whether a missing value is marked yet (once Save was tried). */ showRequired: boolean }) {
  const jsonLabel = useId();
  const problemId = useId();
  const issues = useMemo(() => issuesByPath(value.issues, showRequired, []), [value.issues, showRequired]);
  return (
    <FieldEnvProvider value={{ types, issues }}>
      <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,0.85fr)]" data-testid="mock-returns">
        <div className="min-w-0 space-y-1.5 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
          <p className="font-mono text-xs [overflow-wrap:anywhere]">
            <span className="font-sans font-medium text-zinc-700 dark:text-zinc-300">Returns</span> <JavaType type={type} />
          </p>
          <FieldEditor spec={types.spec(type)} draft={value.draft} onChange={value.setDraft} place="argument" path={[0]} label="Returned value" />
        </div>
        <div className="min-w-0 space-y-1">
          <span id={jsonLabel} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
            As JSON (the mock&apos;s <code className="font-mono">returns</code>)
          </span>
          <JsonTextEditor value={value.jsonText} onChange={value.setJson} labelledBy={jsonLabel} describedBy={value.jsonProblem ? problemId : undefined} invalid={value.jsonProblem !== null} />
          {value.jsonProblem && (
            <p id={problemId} role="alert" className="text-xs text-red-700 dark:text-red-300" data-testid="returns-json-problem">
              {value.jsonProblem} The form keeps its last value until the JSON reads.
            </p>
          )}
        </div>
      </div>
      {serverIssues.map((m) => (
        <p key={m} className="text-xs text-red-700 dark:text-red-300" data-testid="mock-field-issue" data-field="returns">
          {m}
        </p>
      ))}
    </FieldEnvProvider>
  );
}
