/**
 * The one-line text of an audit entry, made safe to show and to store: no character that
 * could break the line or reorder what a reader sees. Pure and isomorphic.
 *
 * A summary quotes what a client sent (an invocation's `url`, a route's name), so it may
 * hold newlines (a forged second line), control characters (terminal escapes in a log
 * viewer) or bidirectional overrides (U+202E makes `moc.elpmaxe` read `example.com`).
 * Each such character is replaced by a visible escape: `\n`, `\r`, `\t` for the common
 * ones, `\u{202E}` for the rest; a backslash stays a backslash, so `\u{202E}` typed by a
 * client reads the same as an escaped override (both are harmless text). The result is at
 * most {@link SUMMARY_MAX_CHARS} characters, ending in `…` when cut.
 */

/** The longest summary kept, in UTF-16 code units (an entry's summary is one line for people). */
export const SUMMARY_MAX_CHARS = 500;

/**
 * Characters that are shown escaped: C0 and C1 controls and DEL; the line and paragraph
 * separators U+2028/U+2029; the bidirectional marks, embeddings, overrides and isolates
 * (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069); the zero-width no-break space
 * U+FEFF; and lone surrogates, which are not text.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** The visible escape of one unsafe character. */
function escapeOne(ch: string): string {
  return NAMED[ch] ?? `\\u{${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}}`;
}

/**
 * `text` with every unsafe character escaped, cut to `max` characters (an escape is never
 * split, nor a surrogate pair). Idempotent: a safe summary comes back as it was.
 */
export function safeSummary(text: string, max = SUMMARY_MAX_CHARS): string {
  const escaped = text.replace(UNSAFE, escapeOne);
  if (escaped.length <= max) return escaped;
  let cut = max - 1;
  // Do not end inside an escape (`\u{20` …) or between the halves of a surrogate pair.
  const open = escaped.lastIndexOf("\\u{", cut);
  if (open >= 0 && open > cut - 8 && escaped.indexOf("}", open) >= cut) cut = open;
  const code = escaped.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  return `${escaped.slice(0, cut)}…`;
}
