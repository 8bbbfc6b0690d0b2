"use client";

import { TriangleAlert } from "lucide-react";
import Link from "next/link";
import { Button } from "../ui/button";
import { ProblemPage } from "./problem-page";

/**
 * What a page that failed to render shows: that the rest of the console still works, the
 * error's digest to find it in the server log, a retry and the way back to Services.
 * Errors from the server arrive without their message (Next.js hides it), so only a
 * browser-side error's message is shown.
 */
export function ErrorPanel({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : undefined;
  const message = error instanceof Error && !digest ? error.message : undefined;
  return (
    <ProblemPage
      icon={<TriangleAlert aria-hidden />}
      code="Error"
      title="This page could not be shown"
      actions={
        <>
          <Button asChild variant="outline">
            <Link href="/services">Back to Services</Link>
          </Button>
          <Button variant="primary" onClick={retry}>
            Try again
          </Button>
        </>
      }
    >
      <p>Something went wrong while showing this page. The registry view and the rest of the console are not affected.</p>
      {message && <p className="mt-3 font-mono text-xs [overflow-wrap:anywhere] text-red-700 dark:text-red-300">{message}</p>}
      {digest && (
        <p className="mt-3 text-xs text-zinc-500">
          Reference <code className="font-mono">{digest}</code> in the console&apos;s log.
        </p>
      )}
    </ProblemPage>
  );
}
