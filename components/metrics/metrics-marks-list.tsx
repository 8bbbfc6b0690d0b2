import type { MetricsMark } from "@/lib/api/metrics";
import { formatClockTime } from "@/lib/format/clock-time";
import { type ChartTheme, markColour } from "./chart-colours";

/** A mark's kind in one or two words: the label on its line in the chart, and before its summary in the list. */
export const MARK_LABELS: Readonly<Record<MetricsMark["kind"], string>> = { rule: "rule", registered: "+ provider", unregistered: "− provider" };

/**
 * The marks of a chart as a list under it, oldest first: the time, the kind in the colour of
 * its line, and the summary. It is how a screen reader (and a browser test) gets them: each
 * item carries `data-mark-kind` and `data-mark-t` (milliseconds since the epoch).
 */
export function MetricsMarksList({ marks, theme }: { marks: readonly MetricsMark[]; theme: ChartTheme }) {
  if (marks.length === 0) return null;
  return (
    <ul className="max-h-40 min-w-0 space-y-0.5 overflow-y-auto text-xs text-zinc-600 dark:text-zinc-400" aria-label="Changes in this range" data-testid="metrics-marks">
      {marks.map((m, i) => (
        <li key={`${m.t}-${m.kind}-${i}`} className="flex min-w-0 flex-wrap items-baseline gap-x-2" data-mark-kind={m.kind} data-mark-t={m.t}>
          <time dateTime={new Date(m.t).toISOString()} className="font-mono tabular-nums">
            {formatClockTime(m.t)}
          </time>
          <span className="font-medium" style={{ color: markColour(theme, m.kind) }}>
            {MARK_LABELS[m.kind]}
          </span>
          <span className="min-w-0 [overflow-wrap:anywhere]">{m.summary}</span>
        </li>
      ))}
    </ul>
  );
}
