import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { AddressDetailView } from "@/components/addresses/address-detail-view";
import { MissingParam } from "@/components/catalog/missing-param";
import { entityParam } from "../../_lib/entity-param";
import { currentEngine } from "@/server/runtime/engine-ref";
import { addressQuery } from "@/lib/api/client/queries";
import { prefetchFromServer } from "../../_lib/prefetch";
import { getQueryClient } from "../../get-query-client";
import { visibleText } from "@/lib/format/visible-text";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return { title: visibleText((await entityParam(searchParams, "value"))) || "Address" };
}

/** One host or host:port, at `/addresses/detail?value=`. */
export default async function AddressDetailPage({ searchParams }: Props) {
  const value = await entityParam(searchParams, "value");
  if (!value) return <MissingParam what="address" param="value" example="/addresses/detail?value=10.0.0.12:20880" />;
  const queryClient = getQueryClient();
  await prefetchFromServer(queryClient, addressQuery(value).queryKey, () => currentEngine().catalog.address(value));
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <AddressDetailView key={value} value={value} />
    </HydrationBoundary>
  );
}
