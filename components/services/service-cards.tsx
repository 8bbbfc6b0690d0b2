import type { ReactNode } from "react";
import type { ServiceSummary } from "@/lib/api/services";
import { cn } from "@/lib/cn";
import { countOf } from "@/lib/format/plural";
import { Badge } from "../ui/badge";
import { JavaName } from "../ui/java-name";
import { AppList, None } from "./app-list";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}

/**
 * The services as cards, for phones and tablets: the same facts as the table, but nothing
 * to scroll sideways for; two columns once there is room. Each card is
 * `data-service-card` with the service key.
 */
export function ServiceCards({ services, className }: { services: readonly ServiceSummary[]; className?: string }) {
  return (
    <ul data-testid="services-cards" className={cn("grid gap-3 sm:grid-cols-2", className)}>
      {services.map((s) => (
        <li
          key={s.key}
          data-service-card={s.key}
          className="min-w-0 space-y-2.5 rounded-lg border border-zinc-200 bg-white p-3.5 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="flex items-start justify-between gap-3">
            <JavaName name={s.interface} className="text-[13px] leading-snug" />
            <Badge tone={s.providers > 0 ? "good" : "bad"} className="shrink-0">
              {countOf(s.providers, "provider")}
            </Badge>
          </div>
          <dl className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
            <Field label="Group">{s.group || <None />}</Field>
            <Field label="Version">{s.version || <None />}</Field>
            <Field label="Consumers">{s.consumers}</Field>
            <Field label="Provided by">
              <AppList apps={s.applications} />
            </Field>
            <Field label="Consumed by">
              <AppList apps={s.consumerApplications} />
            </Field>
            <Field label="Dubbo">
              <span className="flex flex-wrap gap-1">
                {s.releases.length > 0 ? s.releases.map((r) => <Badge key={r} tone="info">{r}</Badge>) : <None />}
              </span>
            </Field>
          </dl>
        </li>
      ))}
    </ul>
  );
}
