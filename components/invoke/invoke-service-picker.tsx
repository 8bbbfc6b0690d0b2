"use client";

import { invokeHref } from "@/lib/format/hrefs";
import { ServicePicker } from "../services/service-picker";

/** The Invoke page's first step: choose the service, searched as on the Services page. */
export function InvokeServicePicker() {
  return (
    <ServicePicker
      label="Which service?"
      testId="invoke-service-picker"
      hrefOf={invokeHref}
      detail={(s) => <span className="text-xs text-zinc-500 dark:text-zinc-400">{s.providers === 1 ? "1 provider" : `${s.providers} providers`}</span>}
    />
  );
}
