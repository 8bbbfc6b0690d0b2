import type { ReactNode } from "react";

/**
 * The frame of a page that stands in for another (not found, an error): an icon, a code
 * line, a heading, what happened, and the ways on. Calm in both themes, inside the shell.
 */
export function ProblemPage({ icon, code, title, children, actions }: { icon: ReactNode; code: string; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <div className="flex justify-center py-8 sm:py-16">
      <section className="w-full max-w-lg rounded-xl border border-zinc-200 bg-white p-6 text-center shadow-sm sm:p-10 dark:border-zinc-800 dark:bg-zinc-900">
        <div className="mx-auto mb-4 grid h-12 w-12 place-items-center rounded-full bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400 [&>svg]:h-6 [&>svg]:w-6">
          {icon}
        </div>
        <p className="text-xs font-semibold tracking-widest text-zinc-500 uppercase dark:text-zinc-400">{code}</p>
        <h1 className="mt-1 text-xl font-semibold text-zinc-900 dark:text-zinc-50">{title}</h1>
        <div className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">{children}</div>
        <div className="mt-6 flex flex-col-reverse justify-center gap-2 sm:flex-row">{actions}</div>
      </section>
    </div>
  );
}
