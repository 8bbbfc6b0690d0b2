"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { type Config as ListedConfig, deletedConfigSchema } from "@/lib/api/overrides/configs";
import { sendJson } from "@/lib/api/client/send-json";
import type { ConfigDraft } from "@/lib/override/editor/config-form";

/** A change of an override changes the lists, the providers' effective weight and status, and the audit trail. */
function useConfigsChanged() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ["configs"] }), client.invalidateQueries({ queryKey: ["service"] }), client.invalidateQueries({ queryKey: ["audit"] })]);
}

/** The answer of a write (`{ config }`): the pages refetch the lists instead of reading it. */
const savedConfigSchema = z.unknown();

const stranding = (allowStranding: boolean | undefined) => (allowStranding ? { allowStranding: true } : {});
const configUrl = (config: ListedConfig, action = "") => `/api/v1/configs/${encodeURIComponent(config.id)}${action}`;

/** POST /api/v1/configs (no `config`) or PUT /api/v1/configs/{id} with the revision the edit is based on. */
export function useSaveConfig() {
  const changed = useConfigsChanged();
  return useMutation({
    mutationFn: ({ config, draft, allowStranding }: { config: ListedConfig | null; draft: ConfigDraft; allowStranding?: boolean }) =>
      config === null
        ? sendJson("POST", "/api/v1/configs", { ...draft, ...stranding(allowStranding) }, savedConfigSchema)
        : sendJson("PUT", configUrl(config), { ...draft, revision: config.revision, ...stranding(allowStranding) }, savedConfigSchema),
    onSettled: changed,
  });
}

/** POST /api/v1/configs/{id}/enable or /disable, based on the revision shown. */
export function useToggleConfig() {
  const changed = useConfigsChanged();
  return useMutation({
    mutationFn: ({ config, enabled, allowStranding }: { config: ListedConfig; enabled: boolean; allowStranding?: boolean }) =>
      sendJson("POST", configUrl(config, enabled ? "/enable" : "/disable"), { revision: config.revision, ...stranding(allowStranding) }, savedConfigSchema),
    onSettled: changed,
  });
}

/** DELETE /api/v1/configs/{id}?revision=. */
export function useDeleteConfig() {
  const changed = useConfigsChanged();
  return useMutation({
    mutationFn: (config: ListedConfig) => sendJson("DELETE", `${configUrl(config)}?revision=${encodeURIComponent(config.revision)}`, undefined, deletedConfigSchema),
    onSettled: changed,
  });
}

/** What a Providers-tab action asks for one provider of one service. */
export type ProviderAction = { readonly kind: "offline" } | { readonly kind: "online" } | { readonly kind: "weight"; readonly weight: number };

/** The service and provider an action is for. */
export interface ProviderActionTarget {
  readonly service: string;
  readonly group: string;
  readonly version: string;
  /** `host:port`. */
  readonly address: string;
}

/** POST /api/v1/providers/offline, /online or /weight (answered like POST /api/v1/configs). */
export function useProviderAction() {
  const changed = useConfigsChanged();
  return useMutation({
    mutationFn: ({ target, action, allowStranding }: { target: ProviderActionTarget; action: ProviderAction; allowStranding?: boolean }) => {
      const { service, group, version, address } = target;
      const body = { service, ...(group ? { group } : {}), ...(version ? { version } : {}), address, ...(action.kind === "weight" ? { weight: action.weight } : {}), ...stranding(allowStranding) };
      return sendJson("POST", `/api/v1/providers/${action.kind}`, body, savedConfigSchema);
    },
    onSettled: changed,
  });
}
