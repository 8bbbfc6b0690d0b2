/**
 * Registry names (services, applications, parameters) come from whoever registered them,
 * and a name can carry characters that change how the text around it reads without being
 * seen: right-to-left overrides and isolates (U+202E makes `txt.exe` read `exe.txt`), other
 * bidirectional marks, zero-width characters, and control characters. Shown raw, they let a
 * provider disguise its name. Shown escaped (`\u202E`), they are visible. Pure.
 */

/** Every character shown escaped: C0 and C1 controls, DEL, bidi controls, zero-width and separator characters. */
const INVISIBLE = /[\u0000-\u001F\u007F-\u009F\u061C\u115F\u1160\u180E\u200B-\u200F\u2028-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF9-\uFFFB]/g;

/** One piece of a name: text shown as it is, or an escape standing for an invisible character. */
export type VisiblePart = { readonly type: "text"; readonly text: string } | { readonly type: "escape"; readonly text: string };

/** `\uXXXX` for one UTF-16 unit. */
function escapeOf(ch: string): string {
  return `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Whether `text` holds a character {@link visibleText} would escape. */
export function hasInvisible(text: string): boolean {
  INVISIBLE.lastIndex = 0;
  return INVISIBLE.test(text);
}

/** `text` with every invisible character replaced by its `\uXXXX` escape: for titles and plain strings. */
export function visibleText(text: string): string {
  return text.replace(INVISIBLE, escapeOf);
}

/** `text` split into runs of plain text and escapes, for a component that marks the escapes. Joining the parts' texts gives {@link visibleText}. */
export function visibleParts(text: string): VisiblePart[] {
  const parts: VisiblePart[] = [];
  let at = 0;
  for (const m of text.matchAll(INVISIBLE)) {
    if (m.index > at) parts.push({ type: "text", text: text.slice(at, m.index) });
    parts.push({ type: "escape", text: escapeOf(m[0]) });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ type: "text", text: text.slice(at) });
  return parts;
}
