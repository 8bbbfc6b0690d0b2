import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { ServicesView } from "@/components/services/services-view";
import { servicesQuery } from "@/lib/api/queries";
import { servicesQuerySchema } from "@/lib/api/services";
import { isConsoleError } from "@/lib/errors";
import { getEngine } from "@/server/runtime/boot";
import { getQueryClient } from "../get-query-client";

export const metadata: Metadata = { title: "Services" };
export const dynamic = "force-dynamic";

/**
 * Renders the list from the in-memory catalog at once, filtered by `?q=` as the client
 * will be (same query key), so a shared filtered address arrives filtered; the client
 * keeps it fresh.
 */
export default async function ServicesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).q;
  const query = servicesQuerySchema.safeParse({ q: typeof raw === "string" ? raw : undefined });
  const queryClient = getQueryClient();
  if (query.success) {
    try {
      queryClient.setQueryData(servicesQuery(query.data.q ?? "").queryKey, getEngine().catalog.list(query.data));
    } catch (e) {
      // No usable registry yet: the client asks itself and shows the typed error.
      if (!isConsoleError(e)) throw e;
    }
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
