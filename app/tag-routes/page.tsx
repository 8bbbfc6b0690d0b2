import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { TagRoutesView } from "@/components/tag-routes/tag-routes-view";
import { tagRoutesQuery } from "@/lib/api/client/queries";
import { currentEngine } from "@/server/runtime/engine-ref";
import { prefetchFromServer } from "../_lib/prefetch";
import { getQueryClient } from "../get-query-client";

export const metadata: Metadata = { title: "Tag routes" };
export const dynamic = "force-dynamic";

/** Every tag rule (`{application}.tag-router`) in the config centers, rendered from the tag-route store at once; the client keeps it current. */
export default async function TagRoutesPage() {
  const queryClient = getQueryClient();
  await prefetchFromServer(queryClient, tagRoutesQuery({}).queryKey, () => currentEngine().tagRoutes.list({}));
  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-xl font-semibold">Tag routes</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          Tag rules in the config center, one per provider application, whoever wrote them: which providers each tag names, and how each Dubbo release reads the rule.
        </p>
      </header>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <TagRoutesView />
      </HydrationBoundary>
    </div>
  );
}
