"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/cn";
import { isCurrentSection } from "./nav-links";
import { useNavLinks } from "./use-nav-links";

/** The main navigation inline in the header, on screens wide enough for it (see MobileNav for the rest); icons from 2xl up. */
export function AppNav({ className }: { className?: string }) {
  const pathname = usePathname();
  const links = useNavLinks();
  return (
    <nav aria-label="Main" className={cn("items-center gap-0.5", className)}>
      {links.map(({ href, label, icon: Icon }) => {
        const current = isCurrentSection(pathname, href);
        return (
          <Link
            key={href}
            href={href}
            aria-current={current ? "page" : undefined}
            className={cn(
              "flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm whitespace-nowrap transition-colors",
              current
                ? "bg-zinc-200/80 font-medium text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50"
                : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-900 dark:hover:text-zinc-100",
            )}
          >
            {/* Below 2xl the eleven sections fit the header only without their icons. */}
            <Icon className="hidden h-4 w-4 2xl:block" aria-hidden />
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
