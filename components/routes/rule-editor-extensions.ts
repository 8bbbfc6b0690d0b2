import { type Extension, type Range, StateEffect, StateField } from "@codemirror/state";
import { Decoration, type DecorationSet, EditorView, ViewPlugin, type ViewUpdate } from "@codemirror/view";
import { highlightRule, type RuleSpanKind } from "@/lib/routing/parse/rule-highlight";

/**
 * CodeMirror 6 pieces of the rule's text mode: the rule language's highlighting (spans from
 * lib/routing/parse/rule-highlight.ts, cut as Dubbo cuts the rule) and the inline mark of a
 * syntax error at the offset the engine reports.
 */

/** Tailwind-free class names, styled by {@link ruleEditorTheme} in both colour themes. */
const CLASS: Record<RuleSpanKind, string> = {
  arrow: "cm-rule-arrow",
  operator: "cm-rule-operator",
  key: "cm-rule-key",
  value: "cm-rule-value",
  reference: "cm-rule-reference",
  prefix: "cm-rule-prefix",
  literal: "cm-rule-literal",
};

function highlightDecorations(view: EditorView): DecorationSet {
  const marks: Range<Decoration>[] = highlightRule(view.state.doc.toString()).map((s) =>
    Decoration.mark({ class: CLASS[s.kind], attributes: { "data-rule-token": s.kind } }).range(s.from, s.to),
  );
  return Decoration.set(marks, true);
}

/** Highlights the whole rule on every change (a rule is at most a few thousand characters). */
export const ruleHighlighting: Extension = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = highlightDecorations(view);
    }
    update(update: ViewUpdate) {
      if (update.docChanged) this.decorations = highlightDecorations(update.view);
    }
  },
  { decorations: (v) => v.decorations },
);

/** Where the rule is wrong: [from, to) in the text, and the engine's words. */
export interface RuleErrorMark {
  readonly from: number;
  readonly to: number;
  readonly message: string;
}

/** Sets (or, with null, clears) the error mark. */
export const setRuleError = StateEffect.define<RuleErrorMark | null>();

/** The error mark; edits move it with the text until the next {@link setRuleError}. */
export const ruleErrorField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    let next = marks.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(setRuleError)) continue;
      const mark = e.value;
      const end = Math.min(Math.max(mark?.to ?? 0, (mark?.from ?? 0) + 1), tr.state.doc.length);
      next =
        mark === null || mark.from >= tr.state.doc.length
          ? Decoration.none
          : Decoration.set([
              Decoration.mark({
                class: "cm-rule-error",
                attributes: { "data-rule-error-offset": String(mark.from), title: mark.message, "aria-invalid": "true" },
              }).range(mark.from, end),
            ]);
    }
    return next;
  },
  provide: (f) => EditorView.decorations.from(f),
});

/** Colours for light and dark (the `.dark` class on <html> is the console's theme switch). */
export const ruleEditorTheme: Extension = EditorView.baseTheme({
  "&": { fontSize: "13px", backgroundColor: "transparent" },
  "&.cm-focused": { outline: "none" },
  ".cm-content": { fontFamily: "var(--font-mono)", padding: "8px 0", caretColor: "currentColor" },
  ".cm-line": { padding: "0 10px" },
  ".cm-rule-arrow": { color: "#7c3aed", fontWeight: "600" },
  ".cm-rule-operator": { color: "#b45309" },
  ".cm-rule-key": { color: "#1d4ed8" },
  ".cm-rule-value": { color: "#047857" },
  ".cm-rule-reference": { color: "#be185d", fontStyle: "italic" },
  ".cm-rule-prefix": { color: "#71717a" },
  ".cm-rule-literal": { color: "#7c3aed", fontWeight: "600" },
  ".cm-rule-error": { textDecoration: "underline wavy #dc2626", textUnderlineOffset: "3px", backgroundColor: "rgba(220, 38, 38, 0.12)" },
  ".dark & .cm-rule-arrow, .dark & .cm-rule-literal": { color: "#c4b5fd" },
  ".dark & .cm-rule-operator": { color: "#fbbf24" },
  ".dark & .cm-rule-key": { color: "#93c5fd" },
  ".dark & .cm-rule-value": { color: "#6ee7b7" },
  ".dark & .cm-rule-reference": { color: "#f9a8d4" },
  ".dark & .cm-rule-prefix": { color: "#a1a1aa" },
  ".dark & .cm-rule-error": { textDecoration: "underline wavy #f87171", backgroundColor: "rgba(248, 113, 113, 0.18)" },
  ".dark & .cm-cursor": { borderLeftColor: "#e4e4e7" },
  ".dark & .cm-selectionBackground, .dark &.cm-focused .cm-selectionBackground": { backgroundColor: "#3f3f46" },
});
