import Link from "next/link";

/**
 * The console's name and mark in the header, linking to the start page (Services).
 * Colours are set, not inherited, so no page can turn them dark on dark. On the
 * narrowest phones only the mark shows, leaving room for the registry state.
 */
export function Brand() {
  return (
    <Link
      href="/services"
      className="flex shrink-0 items-center gap-2 rounded-md font-semibold text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-zinc-50"
    >
      <span className="grid h-7 w-7 place-items-center rounded-md bg-brand-600 text-xs font-bold text-white" aria-hidden>
        D
      </span>
      <span className="whitespace-nowrap max-[25rem]:sr-only">Dubbo Console</span>
    </Link>
  );
}
