import type { ReactNode } from "react";
import { LiveUpdates } from "../live/live-updates";
import { RegistryStatusIndicator } from "../registry/registry-status-indicator";
import { AppNav } from "./app-nav";
import { Brand } from "./brand";
import { MobileNav } from "./mobile-nav";
import { ThemeToggle } from "./theme-toggle";

/**
 * The console frame: brand, navigation, registry indicator, theme switch; pages go in
 * main. Below `lg` the navigation folds into a menu button; the indicator and the theme
 * switch stay in the header at every width. The tab's one subscription to the console's
 * change events lives here, so every page is kept current without reload.
 */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <LiveUpdates />
      <header className="sticky top-0 z-20 border-b border-zinc-200 bg-white/90 text-zinc-900 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90 dark:text-zinc-100">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-3 sm:px-4 lg:gap-6">
          <MobileNav className="lg:hidden" />
          <Brand />
          <AppNav className="hidden lg:flex" />
          <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
            <RegistryStatusIndicator />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-7xl flex-1 px-3 py-6 sm:px-4">{children}</main>
    </div>
  );
}
