import type { YamlFault } from "../override/editor/config-form-yaml";
import { readTagDraft, type TagRouteDraft } from "./tag-draft";
import { parseTagRule, TagRuleError } from "./tag-rule";

/**
 * What the tag editor's text mode makes of a text: a draft the form shows (`form`), a text
 * Dubbo 3 reads but the form cannot hold (`text-only`: saved as text, the form waits), or a
 * text Dubbo 3 refuses (`fault`: marked where it stops, nothing saved).
 */
export type TagTextReading =
  | { readonly type: "form"; readonly draft: TagRouteDraft; readonly notes: readonly string[] }
  | { readonly type: "text-only"; readonly reason: string }
  | { readonly type: "fault"; readonly fault: YamlFault };

/** [from, to) of 1-based `line` in `text` (the whole text when the line is unknown or past the end). */
function lineSpan(text: string, line: number | null): { from: number; to: number } {
  if (line === null) return { from: 0, to: text.length };
  const lines = text.split("\n");
  if (line < 1 || line > lines.length) return { from: 0, to: text.length };
  const from = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  return { from, to: from + lines[line - 1]!.length };
}

/** Reads the editor's text as Dubbo 3.3 reads the rule (`application`: the rule's node). */
export function readTagText(text: string, application: string): TagTextReading {
  try {
    parseTagRule(text, "3.x");
  } catch (e) {
    if (!(e instanceof TagRuleError)) throw e;
    return { type: "fault", fault: { message: e.message, line: e.line, column: null, ...lineSpan(text, e.line) } };
  }
  const read = readTagDraft(text, application);
  return read.type === "draft" ? { type: "form", draft: read.draft, notes: read.notes } : { type: "text-only", reason: read.reason };
}
