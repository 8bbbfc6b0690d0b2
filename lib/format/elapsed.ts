/** A duration in milliseconds as the Invoke page shows it: `0.4 ms`, `12 ms`, `1,234 ms`. */
export function formatElapsed(ms: number): string {
  return ms < 10 ? `${(Math.round(ms * 10) / 10).toString()} ms` : `${new Intl.NumberFormat("en-US").format(Math.round(ms))} ms`;
}
