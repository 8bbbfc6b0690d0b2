"use client";

import { useMemo, useState } from "react";
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatClockTime } from "@/lib/format/clock-time";
import { labelLines, timeTicks } from "@/lib/metrics/chart-layout";
import type { ChartData, ChartRow } from "@/lib/metrics/chart-rows";
import { formatMeasure, formatMeasureNumber, type Measure, MEASURE_WORDS } from "@/lib/metrics/measures";
import { CHART_COLOURS, lineStyle, markColour } from "./chart-colours";
import { MARK_LABELS, MetricsMarksList } from "./metrics-marks-list";

export interface MetricsChartProps {
  readonly data: ChartData;
  readonly measure: Measure;
  /** The time axis runs from `from` to `to` (milliseconds since the epoch), whatever the rows cover. */
  readonly from: number;
  readonly to: number;
  readonly dark: boolean;
}

const TICK = { fontSize: 11 } as const;
/** Pixels around the plot: the chart's margins and the value axis. */
const MARGIN = { top: 16, right: 12, bottom: 0, left: 0 } as const;
const Y_AXIS_WIDTH = 48;
/** Room a time tick takes ("15:04:05" at 11 px, and a gap). */
const TICK_ROOM_PX = 72;
/** A mark label's font size, its line height, and about how wide one of its characters is. */
const LABEL_FONT_PX = 10;
const LABEL_LINE_PX = 12;
const LABEL_CHAR_PX = 6;
/** Before the container is measured. */
const GUESSED_WIDTH_PX = 600;

/** A provider's value in a row: the line's `dataKey` (a function, since recharts reads a string key as a path and `10.0.0.1:20880` holds dots). */
const valueOf = (provider: string) => (row: ChartRow) => row[provider] ?? null;

/**
 * One measure over the range, one line per provider in `data.providers` order (the colours
 * of lib's order, see chart-colours.ts), gaps left open where a value is not known, the marks
 * as labelled vertical lines and again as a list under the chart. Nothing is animated: it is
 * redrawn on every refresh. The wrapper says `data-testid="metrics-chart"` and `data-measure`.
 */
export function MetricsChart({ data, measure, from, to, dark }: MetricsChartProps) {
  const theme = dark ? CHART_COLOURS.dark : CHART_COLOURS.light;
  const names = data.providers.map((p) => p.provider).join(" ");
  // One function per provider for as long as the providers stay: a new dataKey would make recharts take the line for a new one on every refresh.
  const keys = useMemo(() => new Map(names.split(" ").map((provider) => [provider, valueOf(provider)])), [names]);
  const order = new Map(data.providers.map((p, i) => [p.provider, i]));
  const words = MEASURE_WORDS[measure];
  const [width, setWidth] = useState(GUESSED_WIDTH_PX);
  const plot = Math.max(1, width - Y_AXIS_WIDTH - MARGIN.left - MARGIN.right);
  const ticks = timeTicks(from, to, plot / TICK_ROOM_PX, -new Date(from).getTimezoneOffset() * 60_000);
  const lines = labelLines(data.marks.map((m) => ({ x: ((m.t - from) / Math.max(1, to - from)) * plot, width: MARK_LABELS[m.kind].length * LABEL_CHAR_PX + 4 })));
  return (
    <div className="min-w-0 space-y-2" data-testid="metrics-chart" data-measure={measure}>
      <div className="h-64 w-full min-w-0 sm:h-72" role="img" aria-label={`${words.title} per provider, ${formatClockTime(from)} to ${formatClockTime(to)}`}>
        <ResponsiveContainer width="100%" height="100%" minWidth={0} onResize={(w) => setWidth((old) => (Math.abs(old - w) < 1 ? old : w))}>
          <LineChart data={data.rows} margin={MARGIN}>
            <CartesianGrid stroke={theme.grid} strokeDasharray="3 3" />
            <XAxis dataKey="t" type="number" scale="time" domain={[from, to]} ticks={ticks} allowDataOverflow tickFormatter={formatClockTime} tick={{ ...TICK, fill: theme.axis }} stroke={theme.axis} minTickGap={24} />
            <YAxis domain={[0, "auto"]} tickFormatter={formatMeasureNumber} tick={{ ...TICK, fill: theme.axis }} stroke={theme.axis} width={Y_AXIS_WIDTH} allowDecimals />
            <Tooltip
              isAnimationActive={false}
              labelFormatter={(t) => (typeof t === "number" ? formatClockTime(t) : t)}
              formatter={(value) => (typeof value === "number" ? formatMeasure(measure, value) : "—")}
              itemSorter={(item) => order.get(String(item.name)) ?? 0}
              contentStyle={{ background: theme.tooltip.background, borderColor: theme.tooltip.border, color: theme.tooltip.text, borderRadius: 6, fontSize: 12 }}
              labelStyle={{ color: theme.tooltip.text, fontWeight: 600 }}
            />
            {data.marks.map((m, i) => (
              <ReferenceLine
                key={`${m.t}-${m.kind}-${i}`}
                x={m.t}
                stroke={markColour(theme, m.kind)}
                strokeDasharray="4 3"
                label={lines[i] === null ? undefined : { value: MARK_LABELS[m.kind], position: nearRightEdge(m.t, from, to, MARK_LABELS[m.kind].length) ? "insideTopRight" : "insideTopLeft", fill: markColour(theme, m.kind), fontSize: LABEL_FONT_PX, dy: (lines[i] ?? 0) * LABEL_LINE_PX }}
              />
            ))}
            {data.providers.map((p, i) => (
              <Line
                key={p.provider}
                name={p.provider}
                dataKey={keys.get(p.provider) ?? valueOf(p.provider)}
                type="linear"
                {...lineStyle(theme, i)}
                strokeWidth={p.registered ? 2 : 1.5}
                strokeOpacity={p.registered ? 1 : 0.6}
                dot={false}
                activeDot={{ r: 3 }}
                connectNulls={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <MetricsMarksList marks={data.marks} theme={theme} />
    </div>
  );
}

/** Whether a mark at `t` sits so near the axis's end that its label, drawn to its right, would be cut: then it is drawn to its left. */
function nearRightEdge(t: number, from: number, to: number, chars: number): boolean {
  return (to - t) / Math.max(1, to - from) < 0.02 * chars;
}
