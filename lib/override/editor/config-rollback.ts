import type { Config } from "../../api/overrides/configs";
import type { OverrideDraft } from "../override-draft";

/**
 * Rolling a config back to what an audit entry says it was before a change, as the writes
 * the configs API takes: a creation is undone by deleting the config, a deletion by
 * creating it again, anything else by replacing the config as it is now (by its id, at its
 * current revision) with the state before. Pure: the history component sends the answer.
 */
export type ConfigRollback =
  | { readonly kind: "delete"; readonly config: Config }
  | { readonly kind: "create"; readonly draft: OverrideDraft }
  | { readonly kind: "replace"; readonly config: Config; readonly draft: OverrideDraft }
  /** Nothing to write: the state before is what there is now, or the config to delete is gone. */
  | { readonly kind: "none"; readonly reason: string };

/** The draft a listed config (an audit entry's before or after) describes. */
export function configDraft(c: Config): OverrideDraft {
  const where = c.scope === "service" ? { service: c.service ?? "", group: c.group ?? "", version: c.version ?? "" } : { application: c.application ?? c.key };
  return {
    scope: c.scope,
    ...where,
    side: c.side,
    ...(c.addresses.length > 0 && !(c.addresses.length === 1 && c.addresses[0] === "0.0.0.0") ? { addresses: c.addresses } : {}),
    ...(c.providerAddresses.length > 0 ? { providerAddresses: c.providerAddresses } : {}),
    ...(c.scope === "service" && c.applications.length > 0 ? { applications: c.applications } : {}),
    ...(c.scope === "application" && c.services.length > 0 ? { services: c.services } : {}),
    parameters: c.parameters,
    enabled: c.enabled,
  };
}

const same = (a: OverrideDraft, b: OverrideDraft) => JSON.stringify(a) === JSON.stringify(b);

/** The write that puts back `before` (null: the change created the config) given the configs listed now; `after` names the config the change left. */
export function configRollback(before: Config | null, after: Config | null, current: readonly Config[]): ConfigRollback {
  const id = (after ?? before)?.id;
  const now = current.find((c) => c.id === id);
  if (before === null) return now ? { kind: "delete", config: now } : { kind: "none", reason: "the config this change created is gone already" };
  const draft = configDraft(before);
  if (!now) return { kind: "create", draft };
  if (same(configDraft(now), draft)) return { kind: "none", reason: "the config is as it was before this change" };
  return { kind: "replace", config: now, draft };
}
