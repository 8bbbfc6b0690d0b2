"use client";

import { Upload, X } from "lucide-react";
import { useRef } from "react";
import { cn } from "@/lib/cn";
import { type Draft, type Place, typedScalar } from "@/lib/invoke/form/draft";
import { isNullable, type ScalarSpec } from "@/lib/invoke/form/field-spec";
import { Input } from "../ui/input";
import { FieldIssues, useFieldIssues } from "./field-env";
import { iconButton } from "./icon-button";

const control =
  "h-9 w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2 font-mono text-[13px] focus-visible:outline-2 focus-visible:outline-brand-500 aria-invalid:border-red-400 dark:border-zinc-700 dark:bg-zinc-900 dark:aria-invalid:border-red-700";

/** What an empty field stands for, shown as its placeholder. */
function emptyMeaning(spec: ScalarSpec, draft: Draft, place: Place): string {
  if (draft.presence === "null") return "null";
  if (draft.presence === "given") return spec.kind === "string" ? "empty string" : "";
  if (place === "property") return "not sent";
  return isNullable(spec) ? "null" : "required";
}

const HINTS: Partial<Record<ScalarSpec["kind"], string>> = {
  integer: "whole number",
  float: "number",
  decimal: "exact decimal",
  bigint: "whole number",
  char: "one character",
  bytes: "base64",
};

/** A file's bytes as base64, read in the browser. */
function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error("the file could not be read"));
    reader.readAsDataURL(file);
  });
}

/** How many bytes base64 `text` holds, or null when it is not whole base64. */
function byteCount(text: string): number | null {
  if (text.length % 4 !== 0) return null;
  return (text.length / 4) * 3 - (text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0);
}

/**
 * One scalar value: a text field (numbers, strings, chars, decimals, base64), a select
 * (booleans, enum constants), a date-time read as UTC, or base64 with a file to read it
 * from. A String can be cleared back to "not sent" or null with its ✕; other kinds clear
 * by emptying the field.
 */
export function ScalarField({ spec, draft, onChange, place, path, label }: { spec: ScalarSpec; draft: Draft; onChange: (d: Draft) => void; place: Place; path: readonly (string | number)[]; label: string }) {
  const { messages, id } = useFieldIssues(path);
  const text = draft.kind === "scalar" ? draft.text : "";
  const set = (t: string) => onChange(typedScalar(spec, t));
  const common = { "aria-label": label, "aria-invalid": messages.length > 0, "aria-describedby": messages.length > 0 ? id : undefined };
  const empty = emptyMeaning(spec, draft, place);
  const file = useRef<HTMLInputElement>(null);

  let input;
  if (spec.kind === "boolean" || spec.kind === "enum") {
    const options = spec.kind === "boolean" ? ["true", "false"] : spec.constants;
    const blank = !(spec.kind === "boolean" && !spec.nullable && place !== "property");
    input = (
      <select {...common} value={text} onChange={(e) => set(e.target.value)} className={cn(control, "px-1.5")}>
        {blank && <option value="">{empty || "—"}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  } else if (spec.kind === "date") {
    input = (
      <span className="flex min-w-0 items-center gap-1.5">
        <input {...common} type="datetime-local" step={0.001} value={text} onChange={(e) => set(e.target.value)} className={control} />
        <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">UTC</span>
      </span>
    );
  } else {
    input = (
      <Input
        {...common}
        value={text}
        placeholder={[empty, spec.kind === "temporal" ? spec.example : HINTS[spec.kind]].filter(Boolean).join(" · ")}
        inputMode={spec.kind === "integer" || spec.kind === "bigint" ? "numeric" : spec.kind === "float" || spec.kind === "decimal" ? "decimal" : undefined}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => set(e.target.value)}
        className={cn(control, "px-2.5")}
      />
    );
  }

  const clearable = spec.kind === "string" && draft.presence === "given" && (place === "property" || isNullable(spec));
  return (
    <div className="min-w-0" data-field-path={["args", ...path].join(".")} data-field-kind={spec.kind}>
      <div className="flex min-w-0 items-center gap-1">
        <div className="min-w-0 flex-1">{input}</div>
        {clearable && (
          <button type="button" aria-label={`Clear ${label}`} title={place === "property" ? "Clear: not sent" : "Clear: null"} onClick={() => onChange({ kind: "scalar", presence: "absent", text: "" })} className={iconButton}>
            <X className="h-3.5 w-3.5" aria-hidden />
          </button>
        )}
        {spec.kind === "bytes" && (
          <>
            <input ref={file} type="file" className="sr-only" tabIndex={-1} aria-hidden onChange={(e) => void readFile(e.target.files?.[0], set)} />
            <button type="button" aria-label={`Read ${label} from a file`} title="Read from a file" onClick={() => file.current?.click()} className={iconButton}>
              <Upload className="h-3.5 w-3.5" aria-hidden />
            </button>
          </>
        )}
      </div>
      {spec.kind === "bytes" && draft.presence === "given" && byteCount(text) !== null && <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{byteCount(text)} bytes</p>}
      <FieldIssues messages={messages} id={id} />
    </div>
  );
}

async function readFile(file: File | undefined, set: (text: string) => void): Promise<void> {
  if (file) set(await readAsBase64(file));
}
