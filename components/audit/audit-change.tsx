import type { ReactNode } from "react";
import type { AuditEntry } from "@/lib/api/audit";
import { type FieldChange, fieldChanges, valueText } from "@/lib/audit/field-changes";
import { wordDiff } from "@/lib/audit/word-diff";
import { cn } from "@/lib/cn";

/** Strings longer than this, changed on both sides, are shown as one text with the words marked rather than side by side. */
const INLINE_DIFF_MIN_LENGTH = 24;

const removed = "rounded-sm bg-red-100 text-red-900 line-through decoration-red-500/60 dark:bg-red-950/70 dark:text-red-200";
const added = "rounded-sm bg-emerald-100 text-emerald-900 dark:bg-emerald-950/70 dark:text-emerald-200";

/** One fact of an invocation, as monospace text that wraps anywhere. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-x-3 gap-y-0.5 py-1.5 sm:grid-cols-[8rem_minmax(0,1fr)]">
      <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{term}</dt>
      <dd className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** One changed text with the removed words struck through and the added ones highlighted. */
function TextDiff({ before, after }: { before: string; after: string }) {
  return (
    <span className="font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere]" data-diff="inline">
      {wordDiff(before, after).map((run, i) =>
        run.type === "same" ? (
          <span key={i}>{run.text}</span>
        ) : run.type === "removed" ? (
          <del key={i} className={removed}>
            {run.text}
          </del>
        ) : (
          <ins key={i} className={cn(added, "no-underline")}>
            {run.text}
          </ins>
        ),
      )}
    </span>
  );
}

function ChangeRow({ change }: { change: FieldChange }) {
  const { field, before, after } = change;
  const inline = typeof before === "string" && typeof after === "string" && Math.max(before.length, after.length) >= INLINE_DIFF_MIN_LENGTH;
  return (
    <div className="grid gap-x-3 gap-y-0.5 py-1.5 sm:grid-cols-[8rem_minmax(0,1fr)]" data-field={field}>
      <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{field}</dt>
      <dd className="min-w-0 text-sm">
        {inline ? (
          <TextDiff before={before} after={after} />
        ) : (
          <span className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 [overflow-wrap:anywhere]">
            {before !== undefined && <del className={cn(removed, "px-1 font-mono text-xs")} data-before>{valueText(before)}</del>}
            {before !== undefined && after !== undefined && <span aria-hidden className="text-zinc-400">→</span>}
            {after !== undefined && <ins className={cn(added, "px-1 font-mono text-xs no-underline")} data-after>{valueText(after)}</ins>}
          </span>
        )}
      </dd>
    </div>
  );
}

/**
 * What one audit entry changed, readably: the fields that differ between before and after,
 * a changed rule with its words marked, a creation's or deletion's fields on their own; the
 * error of a failed change; the raw before and after behind a disclosure for the rest.
 */
export function AuditChange({ entry }: { entry: Pick<AuditEntry, "before" | "after" | "error" | "invocation" | "truncated"> }) {
  const changes = fieldChanges(entry.before, entry.after);
  const none = (side: unknown) => side === null || side === undefined;
  const what = none(entry.before) ? "Created with" : none(entry.after) ? "Removed, as it was" : "Changed";
  const call = entry.invocation;
  return (
    <div className="space-y-2" data-testid="audit-change">
      {call && (
        <dl className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="audit-invocation">
          <Fact term="Method">
            {call.method}({(call.parameterTypes ?? []).join(", ")})
          </Fact>
          {call.withheld ? (
            <Fact term="Arguments, result">
              <span className="font-sans text-zinc-500 dark:text-zinc-400" data-testid="audit-invocation-withheld">
                Not shown: only roles that may invoke see what was sent and answered.
              </span>
            </Fact>
          ) : (
            <>
              <Fact term="Arguments">{JSON.stringify(call.args)}</Fact>
              <Fact term="Result">{JSON.stringify(call.result)}</Fact>
            </>
          )}
          <Fact term="Provider">{call.provider ?? "none answered"}</Fact>
          <Fact term="Time">{call.elapsedMs} ms</Fact>
        </dl>
      )}
      {entry.truncated && <p className="text-xs text-zinc-500 dark:text-zinc-400">A large field was cut short to keep the entry within its size cap.</p>}
      {entry.error && (
        <p className="text-sm text-red-700 dark:text-red-300">
          Failed: <span className="font-mono text-xs">{entry.error.code}</span> {entry.error.message}
        </p>
      )}
      {call && changes.length === 0 ? null : changes.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No field changed.</p>
      ) : (
        <div>
          <p className="text-xs font-medium text-zinc-500 uppercase dark:text-zinc-400">{what}</p>
          <dl className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {changes.map((change) => (
              <ChangeRow key={change.field} change={change} />
            ))}
          </dl>
        </div>
      )}
      <details className="text-xs">
        <summary className="cursor-pointer text-zinc-500 dark:text-zinc-400">Raw before and after</summary>
        <div className="mt-1 grid gap-2 sm:grid-cols-2">
          <pre className="overflow-x-auto rounded bg-zinc-100 p-2 dark:bg-zinc-950">{JSON.stringify(entry.before, null, 2)}</pre>
          <pre className="overflow-x-auto rounded bg-zinc-100 p-2 dark:bg-zinc-950">{JSON.stringify(entry.after, null, 2)}</pre>
        </div>
      </details>
    </div>
  );
}
