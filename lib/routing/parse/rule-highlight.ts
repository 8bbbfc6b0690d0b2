/**
 * The rule text cut into spans for syntax highlighting. Unlike the parser it never fails:
 * a rule being typed is highlighted as far as it reads, with the same cuts as Java's
 * ROUTE_PATTERN (separators `&`, `!=`, `=`, `,`; whitespace as Java's `\s`).
 */

export type RuleSpanKind =
  /** `=>` between the sides. */
  | "arrow"
  /** A separator: `&`, `=`, `!=`, `,`, or a run Dubbo rejects such as `&&`. */
  | "operator"
  /** A condition key: the token after `&` or at the start of a side. */
  | "key"
  /** A pattern after `=`, `!=` or `,`. */
  | "value"
  /** A then-side pattern `$name`: the consumer's parameter. */
  | "reference"
  /** `consumer.` or `provider.`: Dubbo removes them before it reads the rule. */
  | "prefix"
  /** A whole side that is `true` (when) or `false` (then). */
  | "literal";

/** One span: [from, to) in the text. */
export interface RuleSpan {
  readonly from: number;
  readonly to: number;
  readonly kind: RuleSpanKind;
}

const TOKEN = /([&!=,]*)[ \t\n\x0B\f\r]*([^&!=, \t\n\x0B\f\r]+)|([&!=,]+)/g;
const PREFIX = /^(consumer\.|provider\.)/;

/** The spans of `text`, in order, not overlapping; text between them (whitespace) is plain. */
export function highlightRule(text: string): RuleSpan[] {
  const arrow = text.indexOf("=>");
  const spans: RuleSpan[] = [];
  if (arrow < 0) {
    side(text, 0, "then", spans);
    return spans;
  }
  side(text.slice(0, arrow), 0, "when", spans);
  spans.push({ from: arrow, to: arrow + 2, kind: "arrow" });
  side(text.slice(arrow + 2), arrow + 2, "then", spans);
  return spans;
}

function side(text: string, base: number, which: "when" | "then", spans: RuleSpan[]): void {
  const trimmed = text.trim();
  if (trimmed === (which === "when" ? "true" : "false")) {
    const at = base + text.indexOf(trimmed);
    spans.push({ from: at, to: at + trimmed.length, kind: "literal" });
    return;
  }
  for (const m of text.matchAll(TOKEN)) {
    const at = base + m.index;
    if (m[3] !== undefined) {
      spans.push({ from: at, to: at + m[3].length, kind: "operator" });
      continue;
    }
    const separator = m[1]!;
    const content = m[2]!;
    if (separator !== "") spans.push({ from: at, to: at + separator.length, kind: "operator" });
    const start = at + m[0].length - content.length;
    const isKey = separator === "" || separator === "&";
    const prefix = PREFIX.exec(content)?.[1];
    let from = start;
    if (prefix !== undefined) {
      spans.push({ from, to: from + prefix.length, kind: "prefix" });
      from += prefix.length;
    }
    if (from === start + content.length) continue;
    const kind = isKey ? "key" : which === "then" && content.startsWith("$") ? "reference" : "value";
    spans.push({ from, to: start + content.length, kind });
  }
}
