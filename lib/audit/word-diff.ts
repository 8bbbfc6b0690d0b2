/**
 * A word-level diff of two texts (a rule before and after an edit), as runs of kept,
 * removed and added text that read left to right: `host = 1.2.3.4 => port = 20880`
 * against `host = 1.2.3.5 => port = 20880` keeps all but the address. Pure: a longest
 * common subsequence of the tokens (words and the spaces between them).
 */

/** One run of the diff; joining the `same` and `removed` runs gives the old text, `same` and `added` the new. */
export interface DiffRun {
  readonly type: "same" | "removed" | "added";
  readonly text: string;
}

/** Beyond this many tokens on both sides, the texts are shown as wholly replaced (the table would be too big). */
export const WORD_DIFF_MAX_TOKENS = 2_000;

/** Words, runs of space, and the punctuation a rule is made of, each a token. */
function tokens(text: string): string[] {
  return text.match(/\s+|[&,=!>]+|[^\s&,=!>]+/g) ?? [];
}

function push(runs: DiffRun[], type: DiffRun["type"], text: string): void {
  const last = runs.at(-1);
  if (last && last.type === type) runs[runs.length - 1] = { type, text: last.text + text };
  else runs.push({ type, text });
}

/** The runs that turn `before` into `after`. */
export function wordDiff(before: string, after: string): DiffRun[] {
  if (before === after) return before === "" ? [] : [{ type: "same", text: before }];
  const a = tokens(before);
  const b = tokens(after);
  if (a.length > WORD_DIFF_MAX_TOKENS || b.length > WORD_DIFF_MAX_TOKENS) {
    return [...(before ? [{ type: "removed" as const, text: before }] : []), ...(after ? [{ type: "added" as const, text: after }] : [])];
  }
  // lcs[i][j]: the length of the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    const row = lcs[i]!;
    const below = lcs[i + 1]!;
    for (let j = b.length - 1; j >= 0; j--) row[j] = a[i] === b[j] ? below[j + 1]! + 1 : Math.max(below[j]!, row[j + 1]!);
  }
  const runs: DiffRun[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push(runs, "same", a[i++]!);
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) push(runs, "removed", a[i++]!);
    else push(runs, "added", b[j++]!);
  }
  while (i < a.length) push(runs, "removed", a[i++]!);
  while (j < b.length) push(runs, "added", b[j++]!);
  return runs;
}
