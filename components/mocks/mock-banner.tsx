"use client";

import { useQuery } from "@tanstack/react-query";
import { FlaskConical } from "lucide-react";
import type { ServiceDetail } from "@/lib/api/catalog-entities";
import { mocksQuery } from "@/lib/api/client/queries";
import { serviceHref } from "@/lib/format/hrefs";
import { mockBannerText } from "@/lib/mock/mock-reach";
import { Callout } from "../ui/callout";
import { mocksFilter } from "./mocks-filter";

/**
 * Above the service page's tabs while any enabled mock of the service is active: how many
 * methods answer mocked values and for whom, with a link that opens the Mocks tab.
 */
export function MockBanner({ service, onOpen }: { service: ServiceDetail; onOpen: () => void }) {
  const { data } = useQuery(mocksQuery(mocksFilter(service)));
  const text = mockBannerText(data?.mocks ?? []);
  if (text === null) return null;
  return (
    <Callout tone="warn" icon={<FlaskConical />} data-testid="mock-banner">
      <p className="[overflow-wrap:anywhere]">
        <span data-testid="mock-banner-text">{text}</span>.{" "}
        <a
          href={serviceHref(service.key, "mocks")}
          onClick={(e) => {
            e.preventDefault();
            onOpen();
          }}
          className="font-medium underline"
          data-testid="mock-banner-link"
        >
          See the Mocks tab
        </a>
      </p>
    </Callout>
  );
}
