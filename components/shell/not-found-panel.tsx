"use client";

import { Compass } from "lucide-react";
import Link from "next/link";
import { useSyncExternalStore } from "react";
import { Button } from "../ui/button";
import { ProblemPage } from "./problem-page";

const noSubscription = () => () => {};
const addressInBrowser = () => window.location.pathname;
const noAddress = () => null;

/**
 * What an unknown address shows: which address, and the way back to Services. The page
 * is prerendered once for every unknown address, so the address itself is filled in by
 * the browser.
 */
export function NotFoundPanel() {
  const pathname = useSyncExternalStore(noSubscription, addressInBrowser, noAddress);
  return (
    <ProblemPage
      icon={<Compass aria-hidden />}
      code="404"
      title="Page not found"
      actions={
        <>
          <Button asChild variant="outline">
            <Link href="/registry">Registry status</Link>
          </Button>
          <Button asChild variant="primary">
            <Link href="/services">Back to Services</Link>
          </Button>
        </>
      }
    >
      <p>
        The console has no page at{" "}
        {pathname === null ? (
          "this address"
        ) : (
          <code className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs [overflow-wrap:anywhere] text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
            {pathname}
          </code>
        )}
        . The address may be mistyped, or the page may have moved.
      </p>
    </ProblemPage>
  );
}
