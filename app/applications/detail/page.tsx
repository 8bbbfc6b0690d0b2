import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { ApplicationDetailView } from "@/components/applications/application-detail-view";
import { MissingParam } from "@/components/catalog/missing-param";
import { entityParam } from "../../_lib/entity-param";
import { currentEngine } from "@/server/runtime/engine-ref";
import { applicationQuery } from "@/lib/api/client/queries";
import { prefetchFromServer } from "../../_lib/prefetch";
import { getQueryClient } from "../../get-query-client";
import { visibleText } from "@/lib/format/visible-text";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return { title: visibleText((await entityParam(searchParams, "name"))) || "Application" };
}

/** One application, at `/applications/detail?name=`. */
export default async function ApplicationDetailPage({ searchParams }: Props) {
  const name = await entityParam(searchParams, "name");
  if (!name) return <MissingParam what="application" param="name" example="/applications/detail?name=demo-provider-33" />;
  const queryClient = getQueryClient();
  await prefetchFromServer(queryClient, applicationQuery(name).queryKey, () => currentEngine().catalog.application(name));
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ApplicationDetailView key={name} name={name} />
    </HydrationBoundary>
  );
}
