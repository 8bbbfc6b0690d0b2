"use client";

import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { EditorState } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { useEffect, useRef } from "react";
import type { YamlFault } from "@/lib/override/editor/config-form-yaml";
import { ruleEditorTheme, ruleErrorField, setRuleError } from "../routes/rule-editor-extensions";

/**
 * The configuration editor's YAML mode: a CodeMirror 6 editor (as the route editor's text
 * mode) with an inline mark where the YAML is wrong. Controlled: `value` replaces the text
 * when it differs (the form changed it), and every edit is reported by `onChange`.
 */
export function ConfigYamlEditor({ value, onChange, fault, labelledBy, describedBy }: { value: string; onChange: (text: string) => void; fault: YamlFault | null; labelledBy: string; describedBy?: string }) {
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
          ruleErrorField,
          ruleEditorTheme,
          EditorView.contentAttributes.of({ "aria-labelledby": labelledBy, ...(describedBy ? { "aria-describedby": describedBy } : {}), "data-testid": "config-yaml" }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) report.current(u.state.doc.toString());
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
    if (v && v.state.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: setRuleError.of(fault ? { from: fault.from, to: fault.to, message: fault.message } : null) });
  }, [fault]);

  return (
    <div
      ref={host}
      className="min-h-40 rounded-md border border-zinc-300 bg-white focus-within:outline-2 focus-within:outline-brand-500 dark:border-zinc-700 dark:bg-zinc-900"
      data-config-yaml-editor
    />
  );
}
