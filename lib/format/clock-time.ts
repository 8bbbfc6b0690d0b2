/** An instant as a clock in the browser's time zone shows it, seconds included: "09:05:42". */

const two = (n: number) => String(n).padStart(2, "0");

/** `t` (milliseconds since the epoch) as local HH:mm:ss, 24-hour, the same in every locale. */
export function formatClockTime(t: number): string {
  const d = new Date(t);
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}
