"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { configPreviewQuery } from "@/lib/api/client/queries";
import type { ConfigPreviewRequest } from "@/lib/api/overrides/configs";
import { useDebounced } from "../routes/use-debounced";
import { Badge } from "../ui/badge";

/** A change after this much quiet is asked for at once; changes closer together wait until the draft is this quiet (as the route editor's preview). */
const DRAFT_SETTLE_MS = 40;

/**
 * The Configuration editor's preview before Save: POST /api/v1/configs/preview of the draft
 * as it stands (debounced), in words, one sentence per consumer that changes, those left
 * with no provider first and marked. `body` null: nothing to ask (the form has errors, or
 * no one service to judge); `paused`: a save is under way.
 */
export function DraftPreview({ body, paused }: { body: ConfigPreviewRequest | null; paused: boolean }) {
  const settled = useDebounced(body, DRAFT_SETTLE_MS, { leading: true });
  const query = useQuery({ ...configPreviewQuery(settled ?? ({} as ConfigPreviewRequest)), enabled: settled !== null && !paused, placeholderData: keepPreviousData });
  if (body === null && !query.data) return null;
  const outdated = body === null || query.isPlaceholderData || query.isFetching || JSON.stringify(settled) !== JSON.stringify(body);
  const answer = query.data;
  const changed = answer ? [...answer.consumers.filter((c) => c.changed)].sort((a, b) => Number(b.stranded) - Number(a.stranded)) : [];
  const others = answer ? answer.summary.filter((s) => !answer.consumers.some((c) => c.summary === s)) : [];
  return (
    <div className="min-w-0 space-y-1 text-sm" data-testid="draft-preview" data-state={outdated ? "updating" : "current"}>
      <p className="flex items-center gap-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Saving this would, as the console judges each registered consumer by its release:
        {query.isFetching && <LoaderCircle className="h-3.5 w-3.5 shrink-0 animate-spin" aria-label="Updating" />}
      </p>
      {query.error ? (
        <p className="text-xs text-red-700 dark:text-red-300">The preview failed: {query.error.message}</p>
      ) : answer ? (
        <ul className={outdated ? "space-y-1 opacity-60" : "space-y-1"}>
          {changed.length === 0 && others.length === 0 && <li data-testid="draft-preview-line">change nothing any registered consumer sees.</li>}
          {changed.map((c) => (
            <li key={c.consumer} className="[overflow-wrap:anywhere]" data-testid="draft-preview-line" data-stranded={c.stranded}>
              {c.stranded && (
                <Badge tone="bad" className="mr-1">
                  no provider left
                </Badge>
              )}
              {c.summary}
            </li>
          ))}
          {others.map((s) => (
            <li key={s} className="[overflow-wrap:anywhere]" data-testid="draft-preview-line">
              {s}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Asking the console…</p>
      )}
    </div>
  );
}
