"use client";

import { Menu, X } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { cn } from "@/lib/cn";
import { Button } from "../ui/button";
import { isCurrentSection } from "./nav-links";
import { useNavLinks } from "./use-nav-links";

/**
 * The main navigation on narrow screens: a menu button that opens the links in a panel
 * under the header. A modal dialog (radix), so it traps focus, closes on Escape and on a
 * tap outside, and the button reports `aria-expanded`. It closes when a link is followed,
 * and when the address changes any other way (the Back button), because the dialog is
 * keyed by the path.
 */
export function MobileNav({ className }: { className?: string }) {
  const pathname = usePathname();
  return <MobileNavDialog key={pathname} pathname={pathname} className={className} />;
}

function MobileNavDialog({ pathname, className }: { pathname: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const links = useNavLinks();
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label="Menu" className={cn("-ml-1.5", className)}>
          {open ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-x-0 top-14 bottom-0 z-30 bg-zinc-950/20 backdrop-blur-[2px] dark:bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 top-14 z-40 border-b border-zinc-200 bg-white px-3 pt-2 pb-3 shadow-lg outline-none dark:border-zinc-800 dark:bg-zinc-950"
        >
          <Dialog.Title className="sr-only">Navigation</Dialog.Title>
          <nav aria-label="Main" className="mx-auto grid max-w-7xl gap-1">
            {links.map(({ href, label, icon: Icon }) => {
              const current = isCurrentSection(pathname, href);
              return (
                <Link
                  key={href}
                  href={href}
                  aria-current={current ? "page" : undefined}
                  onClick={() => setOpen(false)}
                  className={cn(
                    "flex items-center gap-3 rounded-md px-3 py-2.5 text-base transition-colors focus-visible:outline-2 focus-visible:outline-brand-500",
                    current
                      ? "bg-zinc-100 font-medium text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50"
                      : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-900",
                  )}
                >
                  <Icon className="h-4 w-4 text-zinc-500 dark:text-zinc-400" aria-hidden />
                  {label}
                </Link>
              );
            })}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
