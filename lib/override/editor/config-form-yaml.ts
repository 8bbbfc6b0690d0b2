import { isConsoleError } from "../../errors";
import { type ConfigFormValues, type ConfigTarget, draftToForm, formToDraft } from "./config-form";
import { parseOverrideYaml, renderOverrideRule } from "../override-draft";
import { OverrideRuleError } from "../override-rule-error";

/**
 * The configuration editor's YAML mode, in step with its form: the form's draft rendered
 * as the config-center rule the console writes, and YAML text read back into the form.
 * Pure. The text must be one rule with one item, for the service or application the
 * editor is open at; anything else is an error at the offending place, and the form
 * keeps its last good values (nothing is written while the text is bad).
 */

/** Where the YAML is wrong: 1-based line and column when known, the offset into the text for the editor's mark, and Dubbo's (or our) words. */
export interface YamlFault {
  readonly message: string;
  readonly line: number | null;
  readonly column: number | null;
  /** [from, to) in the text: the offending line's rest, or the whole text when no line is known. */
  readonly from: number;
  readonly to: number;
}

/** The answer of {@link yamlToForm}. */
export type YamlFormResult = { readonly ok: true; readonly values: ConfigFormValues } | { readonly ok: false; readonly fault: YamlFault };

/** The YAML of the form's draft, or null while the form has errors (the YAML mode then says to fix the form first). */
export function formToYaml(values: ConfigFormValues, target: ConfigTarget): string | null {
  const result = formToDraft(values, target);
  return result.ok ? renderOverrideRule([result.draft]) : null;
}

function faultAt(text: string, message: string, line: number | null, column: number | null): YamlFault {
  if (line === null) return { message, line, column, from: 0, to: text.length };
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  const lineStart = starts[Math.min(line, starts.length) - 1] ?? 0;
  const lineEnd = text.indexOf("\n", lineStart) === -1 ? text.length : text.indexOf("\n", lineStart);
  const from = Math.min(lineStart + Math.max(0, (column ?? 1) - 1), lineEnd);
  // A fault at the very end (an unclosed list, a missing field): mark the last line with text, so the mark is visible.
  const body = text.trimEnd().length;
  if (from >= body && body > 0) return { message, line, column, from: text.lastIndexOf("\n", body - 1) + 1, to: body };
  return { message, line, column, from, to: Math.max(lineEnd, from + 1) };
}

function targetMismatch(target: ConfigTarget, scope: "service" | "application", key: string): string | null {
  if (target.kind === "application") {
    if (scope !== "application") return `this editor writes rules of application ${target.application}: \`scope\` is application`;
    return key === target.application ? null : `this editor writes rules of application ${target.application}, not ${JSON.stringify(key)}`;
  }
  if (scope === "application") return null;
  const own = `${target.service}:${target.version}:${target.group}`;
  return key === own ? null : `this editor writes rules of ${target.key}: \`key\` names another service`;
}

/**
 * Reads YAML text into the form's values, for `target`. Errors carry the line and column
 * (the YAML's own, or the field Dubbo refuses); a rule for another service or application,
 * or with more than one item, is refused at its `key` or `configs`.
 */
export function yamlToForm(text: string, target: ConfigTarget): YamlFormResult {
  try {
    const rule = parseOverrideYaml(text);
    const lineOf = (field: string) => {
      const i = text.split("\n").findIndex((l) => l.startsWith(`${field}:`));
      return i === -1 ? null : i + 1;
    };
    const mismatch = targetMismatch(target, rule.scope, rule.key);
    if (mismatch) return { ok: false, fault: faultAt(text, mismatch, lineOf("key"), 1) };
    if (rule.drafts.length !== 1) return { ok: false, fault: faultAt(text, `the editor edits one config at a time; this rule has ${rule.drafts.length}`, lineOf("configs"), 1) };
    return { ok: true, values: draftToForm(rule.drafts[0]!) };
  } catch (e) {
    if (e instanceof OverrideRuleError) return { ok: false, fault: faultAt(text, e.message, e.line, e.column) };
    if (isConsoleError(e)) return { ok: false, fault: faultAt(text, e.message, null, null) };
    throw e;
  }
}
