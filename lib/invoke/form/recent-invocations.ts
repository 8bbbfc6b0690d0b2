import { z } from "zod";
import { type InvokeRequest, invokeRequestSchema } from "../../api/invoke";

/**
 * The last invocations of one service, newest first, kept in the browser (localStorage)
 * so an operator can send one again. Pure: the page reads and writes the stored text.
 */

/** How many invocations are kept per service. */
export const RECENT_INVOCATIONS_KEPT = 20;

export interface RecentInvocation {
  /** When its answer (or error) came, epoch ms. */
  readonly at: number;
  readonly request: InvokeRequest;
  /** How it ended: a value, an exception the method threw, or an error of the console or the call. */
  readonly outcome: "value" | "exception" | "error";
  /** One line about the answer: the value's start, the exception's class, the error's code. */
  readonly summary: string;
}

const recentSchema = z.object({
  at: z.number(),
  request: invokeRequestSchema,
  outcome: z.enum(["value", "exception", "error"]),
  summary: z.string(),
});

/** The storage key of a service's list: the service key after a prefix of the console's own. */
export function recentStorageKey(serviceKey: string): string {
  return `dubbo-console.invoke.recent:${serviceKey}`;
}

/** The stored list, without any entry that does not read (an older format, a hand edit); [] for none. */
export function readRecent(stored: string | null): RecentInvocation[] {
  if (stored === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = recentSchema.safeParse(entry);
    // Kept as stored (not as parsed, which may add defaults), so the replay sends what was sent.
    return parsed.success ? [{ ...parsed.data, request: (entry as { request: InvokeRequest }).request }] : [];
  }).slice(0, RECENT_INVOCATIONS_KEPT);
}

/** `list` with `entry` first; an earlier entry with the same request is dropped, and the list cut to {@link RECENT_INVOCATIONS_KEPT}. */
export function withRecent(list: readonly RecentInvocation[], entry: RecentInvocation): RecentInvocation[] {
  const same = JSON.stringify(entry.request);
  return [entry, ...list.filter((e) => JSON.stringify(e.request) !== same)].slice(0, RECENT_INVOCATIONS_KEPT);
}

/** At most `max` characters of `text`, cut with an ellipsis. */
export function clipped(text: string, max = 120): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
