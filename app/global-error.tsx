"use client";

import { Brand } from "@/components/shell/brand";
import { ErrorPanel } from "@/components/shell/error-panel";
import { useStoredDarkTheme } from "@/components/shell/use-stored-dark-theme";
import "./globals.css";

/**
 * The root layout itself failed: a document of its own with the console's styles and the
 * operator's theme, the brand, and the error panel; no providers, which may be what broke.
 */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  const dark = useStoredDarkTheme();
  return (
    <html lang="en" className={dark ? "dark" : undefined}>
      <body>
        <title>Error · Dubbo Console</title>
        <header className="border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
          <div className="mx-auto flex h-14 max-w-7xl items-center px-3 sm:px-4">
            <Brand />
          </div>
        </header>
        <main className="mx-auto w-full max-w-7xl px-3 py-6 sm:px-4">
          <ErrorPanel error={error} retry={retry} />
        </main>
      </body>
    </html>
  );
}
