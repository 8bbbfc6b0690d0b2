import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { AllConfigsView } from "@/components/configs/all-configs-view";
import { configsQuery } from "@/lib/api/client/queries";
import { currentEngine } from "@/server/runtime/engine-ref";
import { prefetchFromServer } from "../_lib/prefetch";
import { getQueryClient } from "../get-query-client";

export const metadata: Metadata = { title: "Configs" };
export const dynamic = "force-dynamic";

/** Every override (configurator) in the registries, for every service and application, rendered from the config store at once; the client keeps it current. */
export default async function ConfigsPage() {
  const queryClient = getQueryClient();
  await prefetchFromServer(queryClient, configsQuery({}).queryKey, () => currentEngine().configs.list({}));
  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-xl font-semibold">Configs</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          Overrides in the registry&apos;s configurators category and the config center, for every service and application, whoever wrote them. Open one to edit it on its service&apos;s or
          application&apos;s page.
        </p>
      </header>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <AllConfigsView />
      </HydrationBoundary>
    </div>
  );
}
