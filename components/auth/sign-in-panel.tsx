"use client";

import Link from "next/link";
import { Callout } from "../ui/callout";
import { SignInForm } from "./sign-in-form";
import { useSession } from "./use-session";

/**
 * The sign-in page's card: the form, or, when authentication is off, a note that there is
 * nothing to sign in to (the banner above says why that matters).
 */
export function SignInPanel({ next }: { next: string }) {
  const { state } = useSession();
  return (
    <div className="mx-auto w-full max-w-sm space-y-5 pt-4 sm:pt-12">
      <header className="space-y-1">
        <h1 className="text-xl font-semibold">Sign in</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Sign in to browse the registry, change routes and invoke methods, as your role allows.</p>
      </header>
      {state?.auth === "off" ? (
        <Callout tone="warn" title="Authentication is off">
          <p>This console lets everyone in as an administrator; there is nothing to sign in to.</p>
          <Link href={next} className="entity-link">
            Continue to the console
          </Link>
        </Callout>
      ) : (
        <div className="rounded-lg border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          {state?.user && (
            <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400" data-testid="already-signed-in">
              Signed in as <strong className="font-medium text-zinc-900 dark:text-zinc-100">{state.user.name}</strong> ({state.user.role}).{" "}
              <Link href={next} className="entity-link">
                Continue
              </Link>{" "}
              or sign in as someone else.
            </p>
          )}
          <SignInForm next={next} />
        </div>
      )}
    </div>
  );
}
