/**
 * The POST /api/v1/configs/preview body of a Providers-tab action: the draft the action
 * saves (server/governance/rules/override/config-store.ts `offline`, `online`, `weight`),
 * so the confirm shows what the server judges, consumer by consumer, by each one's release.
 * Offline: a new consumer-side `disabled=true` for that one provider. Weight: the console's
 * weight config for it, edited (`id`) when there is one, else new. Online: the removal
 * (`id`, `delete`) of the config that takes it offline. Pure.
 */
import type { Config as ListedConfig, ConfigPreviewRequest } from "@/lib/api/overrides/configs";
import type { ImpactAction } from "./provider-action-impact";

/** The service and provider an action is for. */
export interface PreviewTarget {
  readonly service: string;
  readonly group: string;
  readonly version: string;
  /** `host:port`. */
  readonly address: string;
}

/** What the confirm asks the preview, or why it asks nothing. */
export type ProviderActionPreview =
  | { readonly body: ConfigPreviewRequest; /** Configs of the same shape the action also removes (Online removes them all; the preview judges the first). */ readonly more: number }
  | { readonly body: null; readonly why: string };

/** Whether `c` is the shape the action writes: the service, that one provider alone, consumer side, only `param` (as the store's own test). */
export function isProviderActionConfig(c: ListedConfig, target: PreviewTarget, param: "disabled" | "weight"): boolean {
  const keys = Object.keys(c.parameters);
  if (c.scope !== "service" || c.service !== target.service || (c.group ?? "") !== target.group || (c.version ?? "") !== target.version) return false;
  if (keys.length !== 1 || keys[0] !== param || (param === "disabled" && c.parameters.disabled?.toLowerCase() !== "true")) return false;
  if (c.addresses.length > 0 || c.applications.length > 0 || c.readOnly !== null) return false;
  return c.side === "consumer" && c.providerAddresses.length === 1 && c.providerAddresses[0] === target.address;
}

/** The preview body of `action` on `target`, given the service's configs as listed. */
export function providerActionPreview(target: PreviewTarget, action: ImpactAction, configs: readonly ListedConfig[]): ProviderActionPreview {
  const { service, group, version, address } = target;
  const draft = (parameters: Record<string, string>) => ({
    scope: "service" as const,
    service,
    ...(group ? { group } : {}),
    ...(version ? { version } : {}),
    side: "consumer" as const,
    providerAddresses: [address],
    parameters,
    enabled: true,
  });
  switch (action.kind) {
    case "offline":
      return { body: { config: draft({ disabled: "true" }) }, more: 0 };
    case "weight": {
      const same = configs.find((c) => isProviderActionConfig(c, target, "weight"));
      const config = { ...draft({ weight: String(action.weight) }), ...(same && same.targets.length > 0 ? { targets: same.targets } : {}) };
      return { body: same ? { id: same.id, config } : { config }, more: 0 };
    }
    case "online": {
      const offline = configs.filter((c) => isProviderActionConfig(c, target, "disabled"));
      if (offline.length === 0) return { body: null, why: "No config of the console's shape takes this provider offline (it may be its own URL, or a wider config): Online removes nothing." };
      return { body: { id: offline[0]!.id, delete: true }, more: offline.length - 1 };
    }
  }
}
