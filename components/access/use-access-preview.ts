"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type AccessPreviewBody, accessPreviewQuery } from "@/lib/api/client/queries";
import { useDebounced } from "../routes/use-debounced";

/** How long the draft must stay unchanged before the preview is asked (a burst of keystrokes asks once). */
const PREVIEW_DEBOUNCE_MS = 150;

/**
 * POST /api/v1/access/preview of the draft `body` once it has been still for
 * {@link PREVIEW_DEBOUNCE_MS} (null: nothing to ask); the last answer stays shown while the
 * next is asked, and `outdated` says so. `paused` while a save is under way.
 */
export function useAccessPreview(serviceKey: string, body: AccessPreviewBody | null, paused: boolean) {
  const settled = useDebounced(body, PREVIEW_DEBOUNCE_MS);
  const query = useQuery({ ...accessPreviewQuery(serviceKey, settled ?? ({} as AccessPreviewBody)), enabled: settled !== null && !paused, placeholderData: keepPreviousData });
  const outdated = body === null || query.isPlaceholderData || query.isFetching || JSON.stringify(settled) !== JSON.stringify(body);
  return { answer: body === null ? undefined : query.data, error: query.error, fetching: query.isFetching, outdated };
}

export type AccessPreviewState = ReturnType<typeof useAccessPreview>;
