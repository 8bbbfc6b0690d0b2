"use client";

import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { Annotation, EditorState } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { useEffect, useRef } from "react";
import { jsonEditorTheme, jsonLanguage } from "./json-editor-theme";

/** Marks the changes that bring in a new `value`: they are not the operator's, so they are not reported back. */
const fromValue = Annotation.define<boolean>();

/**
 * JSON text in a CodeMirror 6 editor. Controlled: `value` replaces the text when it
 * differs (the form changed it), and every edit of the operator's (only those) is reported by `onChange`; the caller
 * keeps the operator's text as typed, so the cursor never jumps while they type.
 */
export function JsonTextEditor({ value, onChange, labelledBy, describedBy, invalid }: { value: string; onChange: (text: string) => void; labelledBy: string; describedBy?: string; invalid: boolean }) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.lineWrapping,
          jsonLanguage,
          jsonEditorTheme,
          EditorView.contentAttributes.of({ "aria-labelledby": labelledBy, ...(describedBy ? { "aria-describedby": describedBy } : {}), "data-testid": "args-json" }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged && !u.transactions.some((t) => t.annotation(fromValue))) report.current(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // The editor is created once; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value }, annotations: fromValue.of(true) });
  }, [value]);

  return (
    <div
      ref={host}
      aria-invalid={invalid}
      className="max-h-[32rem] min-h-24 overflow-auto rounded-md border border-zinc-300 bg-white focus-within:outline-2 focus-within:outline-brand-500 aria-invalid:border-red-400 dark:border-zinc-700 dark:bg-zinc-900 dark:aria-invalid:border-red-700"
    />
  );
}
