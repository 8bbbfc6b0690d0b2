/** A dash for an empty value, muted so the eye skips it. */
export function None() {
  return <span className="text-zinc-400 dark:text-zinc-600">—</span>;
}
