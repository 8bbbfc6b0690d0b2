"use client";

import { Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { useFieldArray, type UseFormReturn, useWatch } from "react-hook-form";
import type { Provider } from "@/lib/api/catalog-entities";
import { CLUSTER_STRATEGIES, INVOKE_MAX_TIMEOUT_MS, LOAD_BALANCES } from "@/lib/api/invoke";
import type { InvokeSettings, SettingsFields as Fields } from "@/lib/invoke/form/invoke-settings";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { iconButton } from "./icon-button";

type SettingsForm = UseFormReturn<InvokeSettings, unknown, Fields>;

const label = "block text-xs font-medium text-zinc-600 dark:text-zinc-400";
const select = "mt-0.5 h-9 w-full min-w-0 rounded-md border border-zinc-300 bg-white px-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900";
const problem = "mt-0.5 block text-xs text-red-700 dark:text-red-300";

/** `host:port · application · release`, and why a provider would not be chosen by the cluster. */
function providerText(p: Provider): string {
  const off = !p.enabled || p.disabled ? " · disabled" : "";
  return `${p.address} · ${p.application || "?"}${p.release ? ` · ${p.release}` : ""}${off}`;
}

/** Where the call goes: through the cluster (with its strategy and load balance) or to one provider. */
function TargetFields({ form, providers }: { form: SettingsForm; providers: readonly Provider[] }) {
  const { register, control, formState } = form;
  const type = useWatch({ control, name: "target.type" });
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="text-sm font-medium">Target</legend>
      <label className="flex items-start gap-2 text-sm">
        <input type="radio" value="cluster" {...register("target.type")} className="mt-1" />
        <span>Through the cluster (routes + load balance)</span>
      </label>
      {type === "cluster" && (
        <div className="grid gap-2 pl-6 sm:grid-cols-2">
          <label className={label}>
            Cluster strategy
            <select {...register("target.cluster")} className={select}>
              <option value="">Provider&apos;s (failover)</option>
              {CLUSTER_STRATEGIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          <label className={label}>
            Load balance
            <select {...register("target.loadbalance")} className={select}>
              <option value="">Provider&apos;s (random)</option>
              {LOAD_BALANCES.map((l) => (
                <option key={l}>{l}</option>
              ))}
            </select>
          </label>
        </div>
      )}
      <label className="flex items-start gap-2 text-sm">
        <input type="radio" value="provider" {...register("target.type")} className="mt-1" disabled={providers.length === 0} />
        <span>One provider{providers.length === 0 ? " (none registered)" : ""}</span>
      </label>
      {type === "provider" && (
        <div className="pl-6">
          <select {...register("target.address")} aria-label="Provider" className={select}>
            <option value="">Choose a provider…</option>
            {providers.map((p) => (
              <option key={`${p.registry} ${p.address}`} value={p.address}>
                {providerText(p)}
              </option>
            ))}
          </select>
          {formState.errors.target?.address && <span className={problem}>{formState.errors.target.address.message}</span>}
        </div>
      )}
    </fieldset>
  );
}

/** Key/value rows sent with the call as Dubbo attachments. */
function AttachmentRows({ form }: { form: SettingsForm }) {
  const { control, register, formState } = form;
  const rows = useFieldArray({ control, name: "attachments" });
  const headingId = useId();
  return (
    <div className="min-w-0 space-y-2" role="group" aria-labelledby={headingId}>
      <div className="flex items-center justify-between gap-2">
        <span id={headingId} className="text-sm font-medium">
          Attachments
        </span>
        <Button type="button" size="sm" onClick={() => rows.append({ key: "", value: "" })}>
          <Plus className="h-3.5 w-3.5" aria-hidden /> Attachment
        </Button>
      </div>
      {rows.fields.length === 0 && <p className="text-xs text-zinc-500 dark:text-zinc-400">None besides Dubbo&apos;s own (path, interface, version, group, timeout).</p>}
      <ul className="space-y-1.5">
        {rows.fields.map((row, i) => (
          <li key={row.id} className="space-y-0.5">
            <div className="flex min-w-0 items-center gap-1.5">
              <Input {...register(`attachments.${i}.key`)} aria-label={`Attachment ${i + 1} key`} placeholder="key" className="min-w-0 flex-1 font-mono text-[13px]" autoComplete="off" />
              <Input {...register(`attachments.${i}.value`)} aria-label={`Attachment ${i + 1} value`} placeholder="value" className="min-w-0 flex-1 font-mono text-[13px]" autoComplete="off" />
              <button type="button" aria-label={`Remove attachment ${i + 1}`} onClick={() => rows.remove(i)} className={iconButton}>
                <Trash2 className="h-3.5 w-3.5" aria-hidden />
              </button>
            </div>
            {formState.errors.attachments?.[i]?.key && <span className={problem}>{formState.errors.attachments[i].key.message}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Target, timeout, request tag and attachments of the call. */
export function SettingsFields({ form, providers }: { form: SettingsForm; providers: readonly Provider[] }) {
  const { register, formState } = form;
  return (
    <div className="grid min-w-0 gap-5 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,0.6fr)_minmax(0,1.2fr)]">
      <TargetFields form={form} providers={providers} />
      <div className="min-w-0 space-y-4">
        <label className={`${label} min-w-0`}>
          <span className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Timeout per attempt (ms)</span>
          <Input {...register("timeout")} inputMode="numeric" placeholder={`provider's · 1 to ${INVOKE_MAX_TIMEOUT_MS}`} className="mt-1 tabular-nums" autoComplete="off" />
          {formState.errors.timeout && <span className={problem}>{formState.errors.timeout.message}</span>}
        </label>
        <label className={`${label} min-w-0`}>
          <span className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Request tag</span>
          <Input {...register("tag")} placeholder="none · e.g. gray" className="mt-1 font-mono text-[13px]" spellCheck={false} autoComplete="off" data-testid="invoke-tag" />
          <span className="mt-0.5 block text-xs font-normal text-zinc-500 dark:text-zinc-400">Sent as dubbo.tag: the tag router picks that tag&apos;s providers.</span>
          {formState.errors.tag && <span className={problem}>{formState.errors.tag.message}</span>}
        </label>
      </div>
      <AttachmentRows form={form} />
    </div>
  );
}
