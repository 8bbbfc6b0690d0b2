import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { AllAccessView } from "@/components/access/all-access-view";
import { accessQuery, mocksQuery } from "@/lib/api/client/queries";
import { currentEngine } from "@/server/runtime/engine-ref";
import { prefetchFromServer } from "../_lib/prefetch";
import { getQueryClient } from "../get-query-client";

export const metadata: Metadata = { title: "Access and mocks" };
export const dynamic = "force-dynamic";

/** Access rules and mocks across every service, rendered from their stores at once; the client keeps them current. */
export default async function AccessPage() {
  const queryClient = getQueryClient();
  await Promise.all([
    prefetchFromServer(queryClient, accessQuery({}).queryKey, () => currentEngine().access.list({})),
    prefetchFromServer(queryClient, mocksQuery({}).queryKey, () => currentEngine().mocks.list({})),
  ]);
  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-xl font-semibold">Access and mocks</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          Who may call each service (block and allow-only rules, saved as condition routes) and which methods answer mocked values, across every service, whoever wrote them. Open one to change it on
          its service&apos;s Access or Mocks tab.
        </p>
      </header>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <AllAccessView />
      </HydrationBoundary>
    </div>
  );
}
