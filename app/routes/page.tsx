import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { AllRoutesView } from "@/components/routes/all-routes-view";
import { routesQuery } from "@/lib/api/client/queries";
import { currentEngine } from "@/server/runtime/engine-ref";
import { prefetchFromServer } from "../_lib/prefetch";
import { getQueryClient } from "../get-query-client";

export const metadata: Metadata = { title: "Routes" };
export const dynamic = "force-dynamic";

/** Every condition route in the registries, rendered from the route store at once; the client keeps it current. */
export default async function RoutesPage() {
  const queryClient = getQueryClient();
  await prefetchFromServer(queryClient, routesQuery({}).queryKey, () => currentEngine().routes.list({}));
  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-xl font-semibold">Condition routes</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          Routes in the registry&apos;s routers category, for every service. Open one to edit it and preview, before saving, which providers each consumer gets and why.
        </p>
      </header>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <AllRoutesView />
      </HydrationBoundary>
    </div>
  );
}
