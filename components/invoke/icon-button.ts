/** The look of the form's small icon buttons (clear, remove, read a file). */
export const iconButton =
  "inline-grid h-8 w-8 shrink-0 place-items-center rounded-md text-zinc-500 hover:bg-zinc-200/70 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100";
