import { OverrideRuleError } from "./override-rule-error";

/**
 * SnakeYAML 1.20 (Dubbo 2.7.23) refuses a plain scalar in a flow collection that holds a
 * `:` followed by anything but a space, a line break, `,`, `[`, `]`, `{` or `}`
 * (ScannerImpl.scanPlain: "while scanning a plain scalar ... found unexpected ':'"), so
 * `addresses: [10.0.0.1:20880]` fails to load in 2.7.23 while SnakeYAML 2.4 (3.3.6) reads
 * it as a string; quoted (`["10.0.0.1:20880"]`) both read it. Returns the error with its
 * position, or null. Comments and quoted scalars are skipped.
 */
export function flowColonError(text: string): OverrideRuleError | null {
  let depth = 0;
  let line = 1;
  let col = 1;
  let inPlain = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "\n") {
      line++;
      col = 1;
      inPlain = false;
      continue;
    }
    col++;
    if (ch === "#" && (i === 0 || /\s/.test(text[i - 1]!))) {
      while (i + 1 < text.length && text[i + 1] !== "\n") i++;
      continue;
    }
    if ((ch === '"' || ch === "'") && !inPlain) {
      const end = skipQuoted(text, i, ch);
      for (let k = i + 1; k <= end && k < text.length; k++) if (text[k] === "\n") line++;
      i = end;
      continue;
    }
    if (ch === "[" || ch === "{") {
      depth++;
      inPlain = false;
      continue;
    }
    if (ch === "]" || ch === "}") {
      depth = Math.max(0, depth - 1);
      inPlain = false;
      continue;
    }
    if (ch === ",") {
      inPlain = false;
      continue;
    }
    if (depth > 0 && ch === ":" && inPlain) {
      const next = text[i + 1];
      if (next !== undefined && !/[\s,[\]{}]/.test(next)) {
        return new OverrideRuleError("while scanning a plain scalar: found unexpected ':' (SnakeYAML 1.20, Dubbo 2.7.23, refuses an unquoted host:port in a flow list; quote it)", line, col);
      }
    }
    if (depth > 0 && !/\s/.test(ch)) inPlain = ch !== ":" || inPlain;
  }
  return null;
}

function skipQuoted(text: string, start: number, quote: string): number {
  for (let i = start + 1; i < text.length; i++) {
    if (quote === '"' && text[i] === "\\") {
      i++;
      continue;
    }
    if (text[i] === quote) {
      if (quote === "'" && text[i + 1] === "'") {
        i++;
        continue;
      }
      return i;
    }
  }
  return text.length;
}
