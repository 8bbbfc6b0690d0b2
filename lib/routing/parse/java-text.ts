/**
 * Java's notions of blank and whitespace, which differ from JavaScript's: the rule parser
 * must agree with Java on every character, or a rule Java accepts could be rejected here.
 */

/** `String.trim()`: strips every char <= U+0020 at both ends (and nothing else). */
export function javaTrim(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) <= 0x20) start++;
  while (end > start && s.charCodeAt(end - 1) <= 0x20) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/** How many chars `String.trim()` strips from the start of `s`. */
export function javaTrimmedLead(s: string): number {
  let start = 0;
  while (start < s.length && s.charCodeAt(start) <= 0x20) start++;
  return start;
}

/**
 * `Character.isWhitespace(char)` (JDK 17): the Unicode space, line and paragraph
 * separators except the no-break ones (U+00A0, U+2007, U+202F), plus U+0009–U+000D and
 * U+001C–U+001F.
 */
export function isJavaWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d) || (code >= 0x1c && code <= 0x1f);
  if (code < 0x1680) return false;
  return (
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x2006) ||
    (code >= 0x2008 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x205f ||
    code === 0x3000
  );
}

/** Dubbo's `StringUtils.isBlank`: null, empty, or only `Character.isWhitespace` chars. */
export function isJavaBlank(s: string | null): boolean {
  if (s === null || s.length === 0) return true;
  for (let i = 0; i < s.length; i++) if (!isJavaWhitespace(s.charCodeAt(i))) return false;
  return true;
}
