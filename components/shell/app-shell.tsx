import type { ReactNode } from "react";
import { AuthOffBanner } from "../auth/auth-off-banner";
import { SignedInOnly } from "../auth/signed-in-only";
import { UnauthorizedRedirect } from "../auth/unauthorized-redirect";
import { UserMenu } from "../auth/user-menu";
import { LiveUpdates } from "../live/live-updates";
import { RegistryStatusIndicator } from "../registry/registry-status-indicator";
import { AppNav } from "./app-nav";
import { Brand } from "./brand";
import { MobileNav } from "./mobile-nav";
import { ThemeToggle } from "./theme-toggle";

/**
 * The console frame: brand, navigation, registry indicator, user menu, theme switch; pages
 * go in main. Below `lg` the navigation folds into a menu button; the indicator, the user
 * menu and the theme switch stay in the header at every width. The tab's one subscription
 * to the console's change events lives here, so every page is kept current without
 * reload, and so does the one answer to a 401 (go to sign-in). The sign-in page gets the
 * brand and theme switch only; with CONSOLE_AUTH=off, every page has a warning banner.
 */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <UnauthorizedRedirect />
      <SignedInOnly>
        <LiveUpdates />
      </SignedInOnly>
      <header className="sticky top-0 z-20 border-b border-zinc-200 bg-white/90 text-zinc-900 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90 dark:text-zinc-100">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-3 sm:px-4 lg:gap-4">
          <SignedInOnly>
            <MobileNav className="lg:hidden" />
          </SignedInOnly>
          <Brand />
          <SignedInOnly>
            <AppNav className="hidden lg:flex" />
          </SignedInOnly>
          <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
            <SignedInOnly>
              <RegistryStatusIndicator />
              <UserMenu />
            </SignedInOnly>
            <ThemeToggle />
          </div>
        </div>
      </header>
      <AuthOffBanner />
      <main className="mx-auto w-full max-w-7xl flex-1 px-3 py-6 sm:px-4">{children}</main>
    </div>
  );
}
