"use client";

import { ErrorPanel } from "@/components/shell/error-panel";

/** A page that failed to render, inside the shell (the header still works). */
export default function PageError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorPanel error={error} retry={retry} />;
}
