import type { Metadata } from "next";
import { Suspense } from "react";
import { TopologyView } from "@/components/topology/topology-view";

export const metadata: Metadata = { title: "Dependency graph" };
export const dynamic = "force-dynamic";

/** The registry as a graph of who calls whom: consumer application → service → provider application. */
export default function TopologyPage() {
  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-xl font-semibold">Dependency graph</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Every application and service in the registries: who consumes each service and who provides it. Focus on one to see what it depends on and what depends on it.</p>
      </header>
      <Suspense fallback={null}>
        <TopologyView />
      </Suspense>
    </div>
  );
}
