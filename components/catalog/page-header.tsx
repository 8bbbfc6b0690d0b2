import type { ReactNode } from "react";

/**
 * The top of an entity page: a small kind label ("Service", "Application"), the name as the
 * heading, facts under it (badges, counts) and actions on the right (copy buttons).
 */
export function EntityHeader({ kind, title, facts, actions }: { kind: string; title: ReactNode; facts?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="space-y-2">
      <p className="text-xs font-semibold tracking-widest text-zinc-500 uppercase dark:text-zinc-400">{kind}</p>
      <div className="flex items-start gap-2">
        <h1 className="min-w-0 text-lg leading-snug font-semibold sm:text-xl">{title}</h1>
        {actions && <div className="flex shrink-0 items-center gap-1 pt-0.5">{actions}</div>}
      </div>
      {facts && <div className="flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm text-zinc-600 dark:text-zinc-400">{facts}</div>}
    </header>
  );
}

/** One "label value" fact in an entity header. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5" data-fact={label}>
      <span className="text-zinc-500 dark:text-zinc-400">{label}</span>
      <span className="min-w-0 font-medium text-zinc-900 [overflow-wrap:anywhere] dark:text-zinc-100">{children}</span>
    </span>
  );
}

/** A titled part of an entity page, with a count beside its title. */
export function Section({ title, count, children, testId }: { title: string; count?: number; children: ReactNode; testId?: string }) {
  return (
    <section className="min-w-0 space-y-2" data-testid={testId}>
      <h2 className="flex items-baseline gap-2 text-sm font-semibold">
        {title}
        {count !== undefined && <span className="text-xs font-normal text-zinc-500 tabular-nums dark:text-zinc-400">{count}</span>}
      </h2>
      {children}
    </section>
  );
}
