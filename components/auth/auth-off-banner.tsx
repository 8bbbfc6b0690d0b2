"use client";

import { ShieldAlert } from "lucide-react";
import { useSession } from "./use-session";

/**
 * The permanent warning of a console running with CONSOLE_AUTH=off, on every page. It has
 * no close button on purpose: whoever looks at the console should know it is open to anyone.
 */
export function AuthOffBanner() {
  const { state } = useSession();
  if (state?.auth !== "off") return null;
  return (
    <div role="alert" data-testid="auth-off-banner" className="border-b border-amber-300 bg-amber-100 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <p className="mx-auto flex max-w-7xl items-start gap-2 px-3 py-2 text-sm sm:px-4">
        <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>
          <strong className="font-semibold">Authentication is off (CONSOLE_AUTH=off):</strong> anyone who can reach this console can change routes and invoke methods.
        </span>
      </p>
    </div>
  );
}
