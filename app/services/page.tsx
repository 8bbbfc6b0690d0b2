import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { listViewOf } from "@/components/services/list-view";
import { ServicesView } from "@/components/services/services-view";
import { SERVICES_FIRST_PAGE_SIZE, servicesPagesQuery } from "@/lib/api/client/queries";
import { servicesQuerySchema } from "@/lib/api/services";
import { currentEngine } from "@/server/runtime/engine-ref";
import { prefetchFromServer } from "../_lib/prefetch";
import { getQueryClient } from "../get-query-client";

export const metadata: Metadata = { title: "Services" };
export const dynamic = "force-dynamic";

/**
 * Renders the first page of the list from the in-memory catalog at once, searched by `?q=`
 * and `?by=` and ordered by `?sort=`, `?order=`, `?filter=` as the client will be (same query key), so a shared search arrives done; the
 * client loads the other pages as they scroll into view and keeps them current.
 */
export default async function ServicesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { q, by, sort, order, filter } = await searchParams;
  const text = (v: string | string[] | undefined) => (typeof v === "string" ? v : "");
  // What the client reads from the address (unknown values as the default), so the keys agree.
  const view = listViewOf(text(sort), text(order), text(filter));
  const query = servicesQuerySchema.safeParse({
    q: typeof q === "string" ? q : undefined,
    by: typeof by === "string" && by !== "" ? by : undefined,
    ...Object.fromEntries(Object.entries(view).filter(([, v]) => v !== "")),
    limit: String(SERVICES_FIRST_PAGE_SIZE),
  });
  const queryClient = getQueryClient();
  if (query.success) {
    const { queryKey } = servicesPagesQuery(query.data.q ?? "", query.data.by ?? "", view);
    await prefetchFromServer(queryClient, queryKey, () => ({ pages: [currentEngine().catalog.list(query.data)], pageParams: [null] }));
  }
  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-xl font-semibold">Services</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          Every service registered under the registry root, by interface, group and version, with the applications that provide and consume it.
        </p>
      </header>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ServicesView />
      </HydrationBoundary>
    </div>
  );
}
