import type { MetricsMark } from "@/lib/api/metrics";

/**
 * The colours of the metrics chart, light and dark (recharts draws SVG with them, so they
 * are values, not Tailwind classes): the lines, a 600 shade on white and a 400 shade on
 * zinc-950, in an order where neighbours differ in hue; rose (not a line colour) for rule
 * changes and zinc for registrations; the axes, grid and tooltip.
 */
export const CHART_COLOURS = {
  light: {
    lines: ["#2563eb", "#ea580c", "#059669", "#7c3aed", "#0891b2", "#ca8a04", "#65a30d", "#c026d3"],
    marks: { rule: "#e11d48", registration: "#71717a" },
    axis: "#71717a",
    grid: "#e4e4e7",
    tooltip: { background: "#ffffff", border: "#e4e4e7", text: "#18181b" },
  },
  dark: {
    lines: ["#60a5fa", "#fb923c", "#34d399", "#a78bfa", "#22d3ee", "#facc15", "#a3e635", "#e879f9"],
    marks: { rule: "#fb7185", registration: "#a1a1aa" },
    axis: "#a1a1aa",
    grid: "#27272a",
    tooltip: { background: "#18181b", border: "#3f3f46", text: "#f4f4f5" },
  },
} as const;

export type ChartTheme = (typeof CHART_COLOURS)[keyof typeof CHART_COLOURS];

/**
 * How the line of the `index`th provider is drawn: its colour, and past the palette's length
 * a dash pattern, so the ninth line is not mistaken for the first.
 */
export function lineStyle(theme: ChartTheme, index: number): { stroke: string; strokeDasharray?: string } {
  const stroke = theme.lines[index % theme.lines.length]!;
  return index < theme.lines.length ? { stroke } : { stroke, strokeDasharray: "6 3" };
}

/** The colour of a mark: rule changes one, registrations and de-registrations another. */
export function markColour(theme: ChartTheme, kind: MetricsMark["kind"]): string {
  switch (kind) {
    case "rule":
      return theme.marks.rule;
    case "registered":
    case "unregistered":
      return theme.marks.registration;
  }
}
