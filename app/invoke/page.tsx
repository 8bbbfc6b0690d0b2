import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { InvokeView } from "@/components/invoke/invoke-view";
import { serviceQuery } from "@/lib/api/client/queries";
import { serviceKey } from "@/lib/dubbo/service-key";
import { readInvokeLocation } from "@/lib/invoke/form/invoke-location";
import { currentEngine } from "@/server/runtime/engine-ref";
import { prefetchFromServer } from "../_lib/prefetch";
import { getQueryClient } from "../get-query-client";

export const metadata: Metadata = { title: "Invoke" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Test invocation, at `/invoke?service=io.x.TypesService&group=demo&version=1.0.0&method=echoUser&types=io.x.User`
 * (every parameter optional): the named service arrives rendered from the in-memory catalog.
 */
export default async function InvokePage({ searchParams }: Props) {
  const params = await searchParams;
  const location = readInvokeLocation((name) => {
    const value = params[name];
    return (Array.isArray(value) ? value.at(-1) : value) ?? null;
  });
  const queryClient = getQueryClient();
  if (location.service) {
    const key = serviceKey({ interface: location.service, group: location.group, version: location.version });
    await prefetchFromServer(queryClient, serviceQuery(key).queryKey, () => currentEngine().catalog.service(key));
  }
  return (
    <div className="space-y-4">
      {!location.service && (
        <header>
          <h1 className="text-xl font-semibold">Test invocation</h1>
          <p className="text-sm text-zinc-500 dark:text-zinc-400">
            Call a provider method from a form, through the cluster or pinned to one provider, and see the value, the provider and the timing.
          </p>
        </header>
      )}
      <HydrationBoundary state={dehydrate(queryClient)}>
        <InvokeView location={location} />
      </HydrationBoundary>
    </div>
  );
}
