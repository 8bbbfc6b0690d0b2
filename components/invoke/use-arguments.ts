"use client";

import { useMemo, useState } from "react";
import { decodeArguments, emptyArguments, encodeArguments } from "@/lib/invoke/form/argument-form";
import { argsJsonText, parseArgsJsonText } from "@/lib/invoke/args-json-text";
import type { Draft } from "@/lib/invoke/form/draft";
import { issuePath } from "@/lib/invoke/form/field-issue";
import type { TypeResolver } from "@/lib/invoke/form/field-spec";

interface State {
  /** The parameter types the drafts are of, joined: a change starts the form again. */
  readonly typesKey: string;
  readonly drafts: readonly Draft[];
  /** The JSON view's text, as the operator typed it or as the form last wrote it. */
  readonly jsonText: string;
  /** Why the JSON view's text is not what the form holds; null when it is. */
  readonly jsonProblem: string | null;
}

function start(parameterTypes: readonly string[], types: TypeResolver, args: readonly unknown[] | null): State {
  const typesKey = parameterTypes.join("\n");
  if (args !== null) {
    const decoded = decodeArguments(parameterTypes, args, types);
    if (decoded.ok) return { typesKey, drafts: decoded.drafts, jsonText: argsJsonText(args), jsonProblem: null };
    const drafts = emptyArguments(parameterTypes, types);
    return { typesKey, drafts, jsonText: argsJsonText(args), jsonProblem: problemAt(decoded.path, decoded.message) };
  }
  const drafts = emptyArguments(parameterTypes, types);
  return { typesKey, drafts, jsonText: argsJsonText(encodeArguments(parameterTypes, drafts, types).args), jsonProblem: null };
}

function problemAt(path: readonly (string | number)[], message: string): string {
  return path.length > 0 ? `At ${issuePath(path)}: ${message}` : message;
}

/**
 * The arguments of the invoke form: a draft per parameter and the JSON view's text, kept
 * in sync both ways. A form edit rewrites the JSON; a JSON edit that reads as the
 * method's arguments replaces the form, and one that does not is kept as typed with the
 * reason (the form keeps what it had). When the parameter types change, it starts again.
 */
export function useArguments(parameterTypes: readonly string[], types: TypeResolver, initialArgs: readonly unknown[] | null) {
  const [stored, setState] = useState<State>(() => start(parameterTypes, types, initialArgs));
  const typesKey = parameterTypes.join("\n");
  // New parameter types (typed by the operator): start again, in this very render too.
  const state = stored.typesKey === typesKey ? stored : start(parameterTypes, types, null);
  if (state !== stored) setState(state);
  const encoded = useMemo(() => encodeArguments(parameterTypes, state.drafts, types), [parameterTypes, state.drafts, types]);

  const setDraft = (index: number, draft: Draft) => {
    const drafts = state.drafts.map((d, i) => (i === index ? draft : d));
    setState({ typesKey, drafts, jsonText: argsJsonText(encodeArguments(parameterTypes, drafts, types).args), jsonProblem: null });
  };
  const setJson = (text: string) => {
    const parsed = parseArgsJsonText(text, parameterTypes.length);
    if (!parsed.ok) return setState({ ...state, jsonText: text, jsonProblem: parsed.message });
    const decoded = decodeArguments(parameterTypes, parsed.args, types);
    if (!decoded.ok) return setState({ ...state, jsonText: text, jsonProblem: problemAt(decoded.path, decoded.message) });
    setState({ typesKey, drafts: decoded.drafts, jsonText: text, jsonProblem: null });
  };

  return { drafts: state.drafts, jsonText: state.jsonText, jsonProblem: state.jsonProblem, args: encoded.args, issues: encoded.issues, setDraft, setJson };
}
