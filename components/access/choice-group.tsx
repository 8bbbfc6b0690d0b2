"use client";

/**
 * One choice of a few, as a row of pressed-or-not buttons (the look of the config editor's
 * Form/YAML switch), with a legend and the server's issues for the field under it;
 * `disabled`: shown, not changeable (an edit that keeps it).
 */
export function ChoiceGroup<T extends string>({ label, value, options, onChange, testId, issues, disabled = false }: { label: string; value: T; options: readonly { value: T; label: string }[]; onChange: (v: T) => void; testId: string; issues: readonly string[]; disabled?: boolean }) {
  return (
    <fieldset className="min-w-0 space-y-1 disabled:opacity-70" data-testid={testId} data-value={value} disabled={disabled}>
      <legend className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</legend>
      <div className="inline-flex flex-wrap rounded-md border border-zinc-300 p-0.5 dark:border-zinc-700" role="group" aria-label={label}>
        {options.map((o) => (
          <button key={o.value} type="button" aria-pressed={value === o.value} onClick={() => onChange(o.value)} className="rounded px-3 py-1 text-sm aria-pressed:bg-zinc-200 dark:aria-pressed:bg-zinc-700" data-choice={o.value}>
            {o.label}
          </button>
        ))}
      </div>
      {issues.map((m) => (
        <p key={m} className="text-xs text-red-700 dark:text-red-300">
          {m}
        </p>
      ))}
    </fieldset>
  );
}
