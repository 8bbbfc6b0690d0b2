/**
 * java.util.Date in the invoke form. The API sends a Date as ISO-8601 in UTC with
 * milliseconds (`2024-05-01T10:00:00.000Z`) and takes an ISO-8601 text or epoch
 * milliseconds. The form edits it in an `<input type="datetime-local">`, whose text
 * (`2024-05-01T10:00:00.000`) the form reads as UTC, said beside the field, so the value
 * sent does not depend on the browser's time zone.
 */

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})?$/;

/** The most milliseconds from the epoch a JavaScript Date holds (±100,000,000 days). */
const MAX_EPOCH_MS = 8.64e15;

/**
 * The instant `text` names, in epoch milliseconds, or null: ISO-8601 date and time (a
 * text without an offset is UTC; seconds and milliseconds may be left out) or a whole
 * number of epoch milliseconds.
 */
export function parseDateText(text: string): number | null {
  const trimmed = text.trim();
  if (/^-?\d+$/.test(trimmed)) {
    const ms = Number(trimmed);
    return Math.abs(ms) <= MAX_EPOCH_MS ? ms : null;
  }
  const m = PATTERN.exec(trimmed);
  if (!m) return null;
  const [year, month, day, hour, minute, second = "0", fraction = "0", zone = "Z"] = m.slice(1);
  const parts = [year, month, day, hour, minute, second].map(Number) as [number, number, number, number, number, number];
  const ms = Number(fraction.padEnd(3, "0"));
  const utc = new Date(0);
  utc.setUTCFullYear(parts[0], parts[1] - 1, parts[2]);
  utc.setUTCHours(parts[3], parts[4], parts[5], ms);
  // A day or hour out of range (Feb 30th, 25:00) rolls over; refuse it rather than send another instant.
  if (utc.getUTCMonth() !== parts[1] - 1 || utc.getUTCDate() !== parts[2] || utc.getUTCHours() !== parts[3] || utc.getUTCMinutes() !== parts[4] || utc.getUTCSeconds() !== parts[5]) {
    return null;
  }
  const offset = zone === "Z" ? 0 : (zone[0] === "-" ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  return utc.getTime() - offset * 60_000;
}

/** The API's text of an instant: `2024-05-01T10:00:00.000Z`. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * The datetime-local text of an instant, in UTC with milliseconds (`2024-05-01T10:00:00.000`);
 * outside years 0 to 9999, which that input cannot show, the ISO text.
 */
export function dateInputText(ms: number): string {
  const iso = isoDate(ms);
  return /^\d{4}-/.test(iso) ? iso.slice(0, -1) : iso;
}
