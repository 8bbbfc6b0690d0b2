/**
 * The Audit page's date range as the address holds it: the text of a `datetime-local`
 * input (`2026-12-01T10:30`, the browser's local time, to the minute), turned into the
 * instants the API takes. Pure; the zone is the runtime's (the browser's, on the page).
 */

const LOCAL_MINUTE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** One minute, the step of the inputs. */
const MINUTE_MS = 60_000;

/**
 * The ISO instant (UTC, `Z`) of `text` read as local time; with `end`, the last millisecond
 * of that minute, so a range "to 10:30" holds what happened during 10:30. "" for text that is
 * not such a minute (an address may hold anything).
 */
export function localMinuteInstant(text: string, end = false): string {
  const m = LOCAL_MINUTE.exec(text.trim());
  if (!m) return "";
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const at = new Date(y, mo - 1, d, h, mi).getTime();
  if (!Number.isFinite(at) || new Date(at).getMonth() !== mo - 1) return "";
  return new Date(end ? at + MINUTE_MS - 1 : at).toISOString();
}
