import type { Metadata } from "next";
import { Suspense } from "react";
import { AuditView } from "@/components/audit/audit-view";

export const metadata: Metadata = { title: "Audit" };

/** Every route change and invocation the console recorded, as every replica sees it (the trail lives in ZooKeeper). */
export default function AuditPage() {
  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-xl font-semibold">Audit trail</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Who changed which route or invoked which method, when, from where, and what it was before and after. Newest first.</p>
      </header>
      <Suspense>
        <AuditView />
      </Suspense>
    </div>
  );
}
