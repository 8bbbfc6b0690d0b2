"use client";

import { useMemo, useState } from "react";
import { type BuilderRule, rowsToRule, ruleToRows } from "@/lib/routing/builder/builder-rows";
import type { ConditionSuggestions } from "@/lib/routing/builder/condition-suggestions";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { cn } from "@/lib/cn";
import { Button } from "../ui/button";
import { type EditableRule, editableRows, RuleBuilder } from "./rule-builder";
import type { RuleErrorMark } from "./rule-editor-extensions";
import { RuleTextEditor } from "./rule-text-editor";
import type { RuleCheck } from "./route-form-schema";

type Mode = "visual" | "text";

function editable(rule: BuilderRule): EditableRule {
  return { when: editableRows(rule.when), then: editableRows(rule.then) };
}

/** Where to mark a fault: the separator run at `offset` (Dubbo reports where a bad separator starts). */
function errorMark(rule: string, check: RuleCheck | null): RuleErrorMark | null {
  if (check === null || rule.trim() === "") return null;
  const run = /^[&!=,]+/.exec(rule.slice(check.offset))?.[0].length ?? 1;
  return { from: check.offset, to: check.offset + run, message: check.message };
}

/**
 * The rule, in the visual builder or as text, in sync both ways: the builder writes the
 * text on every change; switching to the builder reads the text, and a rule the builder
 * cannot hold stays text, with the reason. Errors are marked inline at Dubbo's offset.
 */
export function RuleField({
  value,
  onChange,
  check,
  semantics,
  suggestions,
}: {
  value: string;
  onChange: (rule: string) => void;
  check: RuleCheck | null;
  semantics: DubboRelease;
  suggestions: ConditionSuggestions;
}) {
  const [initial] = useState(() => ruleToRows(value, semantics));
  const [mode, setMode] = useState<Mode>(initial.kind === "rows" ? "visual" : "text");
  const [rows, setRows] = useState<EditableRule>(() => editable(initial.kind === "rows" ? initial.rule : { when: [], then: [] }));
  const [textOnly, setTextOnly] = useState<string | null>(initial.kind === "text-only" ? initial.why : null);
  const mark = useMemo(() => errorMark(value, check), [value, check]);

  const toVisual = () => {
    const reading = ruleToRows(value, semantics);
    if (reading.kind === "rows") {
      setRows(editable(reading.rule));
      setTextOnly(null);
    } else setTextOnly(reading.why);
    setMode("visual");
  };
  const onRows = (next: EditableRule) => {
    setRows(next);
    onChange(rowsToRule(next));
  };

  return (
    <div className="min-w-0 space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id="rule-label" className="text-sm font-medium">
          Rule
        </span>
        <div role="radiogroup" aria-label="Rule editor" className="inline-flex rounded-md border border-zinc-300 p-0.5 dark:border-zinc-700">
          {(["visual", "text"] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={mode === m}
              onClick={() => (m === "visual" ? toVisual() : setMode("text"))}
              className={cn("rounded px-2.5 py-1 text-xs", mode === m ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900" : "text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800")}
            >
              {m === "visual" ? "Visual" : "Text"}
            </button>
          ))}
        </div>
      </div>
      {mode === "text" ? (
        <RuleTextEditor value={value} onChange={onChange} error={mark} labelledBy="rule-label" describedBy="rule-problem" />
      ) : textOnly !== null ? (
        <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800/70 dark:bg-amber-950/40" data-testid="builder-text-only">
          <p>The visual builder cannot show this rule without changing it: {textOnly}. It is kept exactly as written.</p>
          <Button type="button" size="sm" onClick={() => setMode("text")}>
            Edit as text
          </Button>
        </div>
      ) : (
        <RuleBuilder rule={rows} onChange={onRows} suggestions={suggestions} />
      )}
      {mode === "visual" && textOnly === null && (
        <p className="font-mono text-xs break-all text-zinc-600 dark:text-zinc-400" data-testid="generated-rule">
          {value === "" ? "(no complete condition yet)" : value}
        </p>
      )}
      <RuleProblem rule={value} check={check} />
    </div>
  );
}

function RuleProblem({ rule, check }: { rule: string; check: RuleCheck | null }) {
  if (check === null) return <p id="rule-problem" className="sr-only">The rule is valid.</p>;
  const blank = rule.trim() === "";
  return (
    <p id="rule-problem" role="alert" className="text-xs text-red-700 dark:text-red-300" data-rule-problem-offset={blank ? undefined : check.offset}>
      {blank ? "Add a condition, or write the rule as text: Dubbo refuses an empty rule." : `At character ${check.offset + 1}: ${check.message}`}
    </p>
  );
}
