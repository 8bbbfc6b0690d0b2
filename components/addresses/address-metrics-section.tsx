"use client";

import { useState } from "react";
import type { AddressDetail } from "@/lib/api/catalog-entities";
import { addressMetricsChoices } from "@/lib/metrics/address-choices";
import { Section } from "../catalog/page-header";
import { MetricsPanel } from "../metrics/metrics-panel";

/**
 * The live metrics of one service provided at the address, at its provider address: the
 * first one listed, and a select of the others (one panel at a time, not one per service).
 * Nothing when nothing is provided here. The select says `data-testid="address-metrics-service"`.
 */
export function AddressMetricsSection({ detail }: { detail: Pick<AddressDetail, "provides" | "instances"> }) {
  const choices = addressMetricsChoices(detail);
  const [picked, setPicked] = useState<string | null>(null);
  // The pick, while it is still provided here; else the first.
  const choice = choices.find((c) => c.id === picked) ?? choices[0];
  if (!choice) return null;
  return (
    <Section title="Metrics" testId="address-metrics">
      {choices.length > 1 && (
        <label className="flex min-w-0 flex-col text-sm font-medium sm:flex-row sm:items-center sm:gap-2">
          Service
          <select
            value={choice.id}
            onChange={(e) => setPicked(e.target.value)}
            className="mt-1 h-9 w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2 font-mono text-[13px] font-normal sm:mt-0 sm:w-auto sm:max-w-xl dark:border-zinc-700 dark:bg-zinc-900"
            data-testid="address-metrics-service"
          >
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {choices.length === 1 && <p className="font-mono text-[13px] [overflow-wrap:anywhere] text-zinc-600 dark:text-zinc-400">{choice.label}</p>}
      <MetricsPanel key={choice.id} service={choice.service} address={choice.address} />
    </Section>
  );
}
