"use client";

import { LoaderCircle } from "lucide-react";
import type { AccessRule } from "@/lib/api/access";
import { ApiError } from "@/lib/api/client/fetch-json";
import { blockedByText } from "@/lib/access/access-words";
import { countOf } from "@/lib/format/plural";
import { Badge } from "../ui/badge";
import { None } from "../ui/none";
import { Table, TD, TH, THead, TRow } from "../ui/table";
import type { AccessPreviewState } from "./use-access-preview";

/**
 * The Access editor's live preview (lib: use-access-preview.ts): each registered consumer
 * of the service marked blocked (and by which rule) or keeping its providers, with the
 * counts. `empty`: nothing asked yet (no consumer named). `data-state` is `current` once the
 * answer shown is the one of the draft as it stands.
 */
export function AccessPreview({ preview, empty, rules }: { preview: AccessPreviewState; empty: boolean; rules: readonly AccessRule[] }) {
  if (empty) return <p className="text-sm text-zinc-500 dark:text-zinc-400" data-testid="access-preview-empty">Name at least one consumer to see who the rule blocks.</p>;
  const { answer, outdated } = preview;
  return (
    <section className="min-w-0 space-y-2" aria-label="Who this rule blocks" data-testid="access-preview" data-state={outdated ? "updating" : "current"} data-blocked={answer?.blocked ?? ""} data-kept={answer?.kept ?? ""} data-blocks-everyone={answer?.blocksEveryone ?? ""}>
      <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
        With this rule saved:
        {answer && (
          <>
            <Badge tone={answer.blocked > 0 ? "bad" : "neutral"} data-testid="access-preview-blocked">
              {countOf(answer.blocked, "consumer")} blocked
            </Badge>
            <Badge tone="good" data-testid="access-preview-kept">
              {answer.kept} keep{answer.kept === 1 ? "s" : ""} providers
            </Badge>
          </>
        )}
        {preview.fetching && <LoaderCircle className="h-3.5 w-3.5 shrink-0 animate-spin" aria-label="Updating" />}
      </p>
      {preview.error ? (
        <p className="text-sm text-red-700 dark:text-red-300" data-testid="access-preview-error">
          {preview.error instanceof ApiError && preview.error.code === "validation_failed" ? "No preview until the list is valid (see the field)." : `The preview failed: ${preview.error.message}`}
        </p>
      ) : !answer ? (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Asking the console…</p>
      ) : answer.consumers.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No consumer of this service is registered: the rule blocks no one now.</p>
      ) : (
        <Table stacked className={outdated ? "opacity-60" : undefined}>
          <THead>
            <tr>
              <TH>Application</TH>
              <TH>Host</TH>
              <TH>Release</TH>
              <TH>With this rule</TH>
              <TH>Blocked by</TH>
            </tr>
          </THead>
          <tbody>
            {answer.consumers.map((c) => (
              <TRow key={`${c.application} ${c.host} ${c.release}`} data-access-consumer={c.application} data-host={c.host} data-blocked={c.blockedAfter}>
                <TD data-label="Application" className="font-mono text-xs [overflow-wrap:anywhere]">
                  {c.application || <None />}
                </TD>
                <TD data-label="Host" className="font-mono text-xs">
                  {c.host}
                </TD>
                <TD data-label="Release">{c.release ? `Dubbo ${c.release}` : <None />}</TD>
                <TD data-label="With this rule" data-testid="access-consumer-verdict">
                  <span>
                    {c.blockedAfter ? <Badge tone="bad">blocked</Badge> : <Badge tone="good">keeps providers</Badge>}
                    {c.blockedNow !== c.blockedAfter && <span className="ml-1 text-xs text-zinc-500 dark:text-zinc-400">({c.blockedNow ? "blocked now" : "calls now"})</span>}
                  </span>
                </TD>
                <TD data-label="Blocked by" className="text-xs [overflow-wrap:anywhere]" data-by={c.by ?? ""}>
                  {blockedByText(c.by, rules) ?? <None />}
                </TD>
              </TRow>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
