import type { ReactNode } from "react";
import { RegistryStatusIndicator } from "../registry/registry-status-indicator";
import { AppNav } from "./app-nav";
import { ThemeToggle } from "./theme-toggle";

/** The console frame: brand, navigation, registry indicator, theme switch; pages go in main. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-10 border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-6 px-4">
          <span className="flex items-center gap-2 font-semibold">
            <span className="grid h-7 w-7 place-items-center rounded-md bg-brand-600 text-xs font-bold text-white">D</span>
            Dubbo Console
          </span>
          <AppNav />
          <div className="ml-auto flex items-center gap-2">
            <RegistryStatusIndicator />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">{children}</main>
    </div>
  );
}
