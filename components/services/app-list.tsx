/** A dash for an empty value, muted so the eye skips it. */
export function None() {
  return <span className="text-zinc-400 dark:text-zinc-600">—</span>;
}

/** Application names, comma-separated; each name stays whole and the list wraps between names. */
export function AppList({ apps }: { apps: readonly string[] }) {
  if (apps.length === 0) return <None />;
  return apps.map((app, i) => (
    <span key={app}>
      {i > 0 && ", "}
      <span className="whitespace-nowrap">{app}</span>
    </span>
  ));
}
