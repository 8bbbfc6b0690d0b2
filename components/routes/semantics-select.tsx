"use client";

import type { DubboRelease } from "@/lib/dubbo/dubbo-release";

const NOTES: Record<DubboRelease, string> = {
  "2.7": "How ConditionRouter (Dubbo 2.7.23) reads it: the router of route URLs in the registry, obeyed by consumers up to Dubbo 3.0.4.",
  "3.x": "How ConditionStateRouter (Dubbo 3.3) reads it: the router of config-center rules, the only copy Dubbo 3.0.5+ consumers obey. Where it differs: a key the URL lacks never matches, a~b is an integer range, arguments[N] and attachments[k] read the call.",
};

/** Which Java router the preview mirrors, with what that means. */
export function SemanticsSelect({ value, onChange }: { value: DubboRelease; onChange: (s: DubboRelease) => void }) {
  return (
    <div className="space-y-1">
      <label className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">Preview as</span>
        <select aria-label="Semantics" value={value} onChange={(e) => onChange(e.target.value as DubboRelease)} className="h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900">
          <option value="2.7">Dubbo 2.7</option>
          <option value="3.x">Dubbo 3.x</option>
        </select>
      </label>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{NOTES[value]}</p>
    </div>
  );
}
