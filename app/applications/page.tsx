import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { ApplicationsView } from "@/components/applications/applications-view";
import { getQueryClient } from "../get-query-client";

export const metadata: Metadata = { title: "Applications" };
export const dynamic = "force-dynamic";

export default async function ApplicationsPage() {
  const queryClient = getQueryClient();
  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-xl font-semibold">Applications</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          Every application that registered a provider or a consumer, consumer-only ones included, with what it provides and consumes.
        </p>
      </header>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ApplicationsView />
      </HydrationBoundary>
    </div>
  );
}
