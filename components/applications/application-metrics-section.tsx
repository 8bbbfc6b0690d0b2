"use client";

import { useState } from "react";
import type { ApplicationDetail } from "@/lib/api/catalog-entities";
import { Section } from "../catalog/page-header";
import { MetricsPanel } from "../metrics/metrics-panel";

/**
 * The live metrics of one service the application provides, its own providers only: the
 * first one listed, and a select of the others (one panel at a time, not one per service).
 * Nothing for a consumer-only application. The select says `data-testid="application-metrics-service"`.
 */
export function ApplicationMetricsSection({ detail }: { detail: Pick<ApplicationDetail, "name" | "provides"> }) {
  const [picked, setPicked] = useState<string | null>(null);
  const choice = detail.provides.find((s) => s.key === picked) ?? detail.provides[0];
  if (!choice) return null;
  return (
    <Section title="Metrics" testId="application-metrics">
      {detail.provides.length > 1 ? (
        <label className="flex min-w-0 flex-col text-sm font-medium sm:flex-row sm:items-center sm:gap-2">
          Service
          <select
            value={choice.key}
            onChange={(e) => setPicked(e.target.value)}
            className="mt-1 h-9 w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2 font-mono text-[13px] font-normal sm:mt-0 sm:w-auto sm:max-w-xl dark:border-zinc-700 dark:bg-zinc-900"
            data-testid="application-metrics-service"
          >
            {detail.provides.map((s) => (
              <option key={s.key} value={s.key}>
                {s.key}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="font-mono text-[13px] [overflow-wrap:anywhere] text-zinc-600 dark:text-zinc-400">{choice.key}</p>
      )}
      <MetricsPanel key={choice.key} service={{ interface: choice.interface, group: choice.group, version: choice.version }} application={detail.name} />
    </Section>
  );
}
