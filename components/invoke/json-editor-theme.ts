import { json } from "@codemirror/lang-json";
import { syntaxHighlighting } from "@codemirror/language";
import type { Extension } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { classHighlighter } from "@lezer/highlight";

/**
 * CodeMirror 6 pieces of the arguments' JSON view: the JSON language (lezer's grammar)
 * with its tokens as `tok-*` classes, coloured here for the light and the dark theme (the
 * `.dark` class on <html> is the console's theme switch), like the rule editor's.
 */
export const jsonLanguage: Extension = [json(), syntaxHighlighting(classHighlighter)];

export const jsonEditorTheme: Extension = EditorView.baseTheme({
  "&": { fontSize: "13px", backgroundColor: "transparent" },
  "&.cm-focused": { outline: "none" },
  ".cm-content": { fontFamily: "var(--font-mono)", padding: "8px 0", caretColor: "currentColor" },
  ".cm-line": { padding: "0 10px" },
  ".tok-propertyName": { color: "#1d4ed8" },
  ".tok-string": { color: "#047857" },
  ".tok-number": { color: "#b45309" },
  ".tok-bool, .tok-null, .tok-keyword": { color: "#7c3aed", fontWeight: "600" },
  ".tok-punctuation": { color: "#71717a" },
  ".dark & .tok-propertyName": { color: "#93c5fd" },
  ".dark & .tok-string": { color: "#6ee7b7" },
  ".dark & .tok-number": { color: "#fbbf24" },
  ".dark & .tok-bool, .dark & .tok-null, .dark & .tok-keyword": { color: "#c4b5fd" },
  ".dark & .tok-punctuation": { color: "#a1a1aa" },
  ".dark & .cm-cursor": { borderLeftColor: "#e4e4e7" },
  ".dark & .cm-selectionBackground, .dark &.cm-focused .cm-selectionBackground": { backgroundColor: "#3f3f46" },
});
