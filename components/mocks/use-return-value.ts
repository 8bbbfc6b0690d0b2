"use client";

import { useMemo, useState } from "react";
import type { Draft } from "@/lib/invoke/form/draft";
import type { TypeResolver } from "@/lib/invoke/form/field-spec";
import { decodeReturn, emptyReturnDraft, encodeReturn, parseReturnJson, returnJsonText } from "@/lib/mock/return-value-form";

interface State {
  /** The return type the draft is of: a change starts the form again. */
  readonly type: string;
  readonly draft: Draft;
  /** The JSON view's text, as the operator typed it or as the form last wrote it. */
  readonly jsonText: string;
  /** Why the JSON view's text is not what the form holds; null when it is. */
  readonly jsonProblem: string | null;
}

function start(type: string, types: TypeResolver, initial?: { readonly type: string; readonly value: unknown }): State {
  const decoded = initial !== undefined && initial.type === type ? decodeReturn(type, initial.value, types) : null;
  const draft = decoded?.ok ? decoded.draft : emptyReturnDraft(type, types);
  return { type, draft, jsonText: returnJsonText(encodeReturn(type, draft, types).value), jsonProblem: null };
}

/**
 * A mock's return value: the draft of the typed form and the JSON view's text, in sync
 * both ways as the Invoke page's arguments (components/invoke/use-arguments.ts): a form edit
 * rewrites the JSON; a JSON edit that reads as the type replaces the form, and one that does
 * not is kept as typed with the reason. A new return type starts again. `initial`: the value a
 * saved mock returns, filled in while the type is the one it was saved for.
 */
export function useReturnValue(type: string, types: TypeResolver, initial?: { readonly type: string; readonly value: unknown }) {
  const [stored, setState] = useState<State>(() => start(type, types, initial));
  const state = stored.type === type ? stored : start(type, types);
  if (state !== stored) setState(state);
  const encoded = useMemo(() => encodeReturn(type, state.draft, types), [type, state.draft, types]);
  const setDraft = (draft: Draft) => setState({ type, draft, jsonText: returnJsonText(encodeReturn(type, draft, types).value), jsonProblem: null });
  const setJson = (text: string) => {
    const parsed = parseReturnJson(text);
    if (!parsed.ok) return setState({ ...state, jsonText: text, jsonProblem: parsed.message });
    const decoded = decodeReturn(type, parsed.value, types);
    if (!decoded.ok) return setState({ ...state, jsonText: text, jsonProblem: decoded.message });
    setState({ type, draft: decoded.draft, jsonText: text, jsonProblem: null });
  };
  return { draft: state.draft, jsonText: state.jsonText, jsonProblem: state.jsonProblem, value: encoded.value, issues: encoded.issues, setDraft, setJson };
}

export type ReturnValue = ReturnType<typeof useReturnValue>;
