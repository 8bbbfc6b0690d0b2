import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { MissingParam } from "@/components/catalog/missing-param";
import { ServiceDetailView } from "@/components/service-detail/service-detail-view";
import { entityParam } from "../../_lib/entity-param";
import { currentEngine } from "@/server/runtime/engine-ref";
import { serviceQuery } from "@/lib/api/client/queries";
import { prefetchFromServer } from "../../_lib/prefetch";
import { getQueryClient } from "../../get-query-client";
import { visibleText } from "@/lib/format/visible-text";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const key = await entityParam(searchParams, "key");
  // A name can carry right-to-left overrides and controls: the tab title shows them escaped.
  return { title: visibleText(key) || "Service" };
}

/**
 * One service, at `/services/detail?key=group/interface:version`: the key goes in the query
 * string, where its `/` and `:` need no encoding (see lib/format/hrefs.ts).
 */
export default async function ServiceDetailPage({ searchParams }: Props) {
  const key = await entityParam(searchParams, "key");
  if (!key) return <MissingParam what="service" param="key" example="/services/detail?key=demo/io.example.DemoService:1.0.0" />;
  const queryClient = getQueryClient();
  await prefetchFromServer(queryClient, serviceQuery(key).queryKey, () => currentEngine().catalog.service(key));
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ServiceDetailView key={key} serviceKey={key} />
    </HydrationBoundary>
  );
}
