"use client";

import { useId } from "react";
import type { ConfigFormError, ConfigFormValues, ConfigTarget } from "@/lib/override/editor/config-form";
import { Input } from "../ui/input";
import type { ConfigChoices } from "./config-choices";
import { ParameterRows } from "./parameter-rows";
import { PickList } from "./pick-list";

const label = "block text-xs font-medium text-zinc-600 dark:text-zinc-400";
const SIDE_HINT = {
  consumer: "Changes how the consumers see their providers (timeout, retries, loadbalance, a provider's weight or disabled).",
  provider: "Changes the providers' own URLs, as their listeners apply it (weight, executes, a provider-side timeout).",
} as const;

/** The form mode's fields of the configuration editor; errors (lib/override/config-form.ts) are shown at their field. */
export function ConfigFormFields({ target, choices, values, onChange, errors }: { target: ConfigTarget; choices: ConfigChoices; values: ConfigFormValues; onChange: (values: ConfigFormValues) => void; errors: readonly ConfigFormError[] }) {
  const set = (patch: Partial<ConfigFormValues>) => onChange({ ...values, ...patch });
  const errorOf = (field: ConfigFormError["field"]) => errors.find((e) => e.field === field)?.message;
  const appsId = useId();
  const consumerSide = values.side === "consumer";
  const scope = target.kind === "application" ? "application" : values.scope;
  return (
    <div className="space-y-4" data-testid="config-form">
      <div className="grid gap-3 sm:grid-cols-2">
        {target.kind === "service" ? (
          <label className={label}>
            Scope
            <select value={values.scope} onChange={(e) => set({ scope: e.target.value === "application" ? "application" : "service" })} className="mt-0.5 h-9 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900" data-testid="config-scope">
              <option value="service">This service (every application)</option>
              <option value="application">One application, for this service</option>
            </select>
          </label>
        ) : (
          <p className={label}>
            Scope
            <span className="mt-1.5 block text-sm text-zinc-900 dark:text-zinc-100">Application {target.application}</span>
          </p>
        )}
        <label className={label}>
          Side
          <select value={values.side} onChange={(e) => set({ side: e.target.value === "provider" ? "provider" : "consumer", addresses: [] })} className="mt-0.5 h-9 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900" data-testid="config-side">
            <option value="consumer">Consumer side</option>
            <option value="provider">Provider side</option>
          </select>
          <span className="mt-0.5 block font-normal">{SIDE_HINT[values.side]}</span>
        </label>
      </div>
      {scope === "application" && target.kind === "service" && (
        <label className={label}>
          Application
          <Input value={values.application} onChange={(e) => set({ application: e.target.value })} list={appsId} aria-invalid={!!errorOf("application")} className="mt-0.5" autoComplete="off" data-testid="config-application" />
          <datalist id={appsId}>
            {[...new Set([...choices.consumerApps, ...choices.providerApps])].map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
          {errorOf("application") && <span className="mt-0.5 block text-red-700 dark:text-red-300">{errorOf("application")}</span>}
        </label>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <div>
          <PickList
            label={consumerSide ? "Consumer hosts (addresses)" : "Provider addresses (addresses)"}
            value={values.addresses}
            onChange={(addresses) => set({ addresses })}
            options={consumerSide ? choices.consumerHosts : choices.providerAddresses}
            everyText={consumerSide ? "Every consumer host (0.0.0.0)" : "Every provider (0.0.0.0)"}
            placeholder={consumerSide ? "10.0.0.9" : "10.0.0.1:20880"}
            testId="config-addresses"
          />
          {errorOf("addresses") && <p className="text-xs text-red-700 dark:text-red-300">{errorOf("addresses")}</p>}
        </div>
        <div>
          <PickList label="Providers it changes (providerAddresses)" value={values.providerAddresses} onChange={(providerAddresses) => set({ providerAddresses })} options={choices.providerAddresses} everyText="Every provider" placeholder="10.0.0.1:20880" testId="config-provider-addresses" />
          {errorOf("providerAddresses") && <p className="text-xs text-red-700 dark:text-red-300">{errorOf("providerAddresses")}</p>}
        </div>
        {scope === "service" ? (
          <PickList
            label={consumerSide ? "Consumer applications" : "Provider applications"}
            value={values.applications}
            onChange={(applications) => set({ applications })}
            options={consumerSide ? choices.consumerApps : choices.providerApps}
            everyText="Every application"
            placeholder="storefront"
            testId="config-applications"
          />
        ) : (
          target.kind === "application" && <PickList label="Services" value={values.services} onChange={(services) => set({ services })} options={choices.services} everyText="Every service (*)" placeholder="group/io.example.Svc:1.0.0" testId="config-services" />
        )}
      </div>
      <ParameterRows rows={values.parameters} onChange={(parameters) => set({ parameters })} errors={errors} />
      <label className="inline-flex items-center gap-1.5 text-sm">
        <input type="checkbox" checked={values.enabled} onChange={(e) => set({ enabled: e.target.checked })} data-testid="config-enabled" />
        Enabled
      </label>
    </div>
  );
}
