import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { ApplicationsView } from "@/components/applications/applications-view";
import { applicationsQuery } from "@/lib/api/client/queries";
import { applicationsQuerySchema } from "@/lib/api/catalog-entities";
import { currentEngine } from "@/server/runtime/engine-ref";
import { prefetchFromServer } from "../_lib/prefetch";
import { getQueryClient } from "../get-query-client";

export const metadata: Metadata = { title: "Applications" };
export const dynamic = "force-dynamic";

/** Rendered from the in-memory catalog, filtered by `?q=` as the client will be (same query key). */
export default async function ApplicationsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { q } = await searchParams;
  const query = applicationsQuerySchema.safeParse({ q: typeof q === "string" ? q : undefined });
  const queryClient = getQueryClient();
  if (query.success) {
    const filter = query.data.q;
    await prefetchFromServer(queryClient, applicationsQuery(filter ?? "").queryKey, () => currentEngine().catalog.applications(filter));
  }
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
