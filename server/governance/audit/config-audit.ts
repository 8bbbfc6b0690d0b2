import type { AuditDraft, AuditKind } from "@/lib/api/audit";
import type { Config } from "@/lib/api/overrides/configs";
import { auditedActor, type AuditedActor } from "@/lib/auth/actor";
import { serviceKey } from "@/lib/dubbo/service-key";

/**
 * The audit entry of a config (override) change, from the config as the API showed it
 * before and after (null: there was none, or it is gone). Pure. Only `enabled` changed is
 * an enable or disable; anything else an edit (`config.replace`).
 */
export function configChangeKind(before: Config | null, after: Config | null): AuditKind {
  if (before === null) return "config.create";
  if (after === null) return "config.delete";
  const meaning = (c: Config) => JSON.stringify({ ...c, enabled: null, revision: null, id: null, targets: null });
  if (before.enabled !== after.enabled && meaning(before) === meaning(after)) return after.enabled ? "config.enable" : "config.disable";
  return "config.replace";
}

/** The `service` of an entry: the service key, or the application of an application-scope config. */
export function configSubject(c: Config): string {
  return c.scope === "service" ? serviceKey({ interface: c.service ?? "", group: c.group ?? "", version: c.version ?? "" }) : (c.application ?? c.key);
}

export function configChangeDraft(actor: AuditedActor, before: Config | null, after: Config | null, at = Date.now()): AuditDraft {
  const config = (after ?? before)!;
  const kind = configChangeKind(before, after);
  const params = Object.entries(config.parameters).map(([k, v]) => `${k}=${v}`).join(", ");
  const where = config.providerAddresses.length > 0 ? ` for ${config.providerAddresses.join(", ")}` : "";
  const verb = { "config.create": "created", "config.delete": "deleted", "config.enable": "enabled", "config.disable": "disabled" }[kind as string] ?? "edited";
  return {
    at,
    actor: auditedActor(actor),
    kind,
    service: configSubject(config),
    summary: `${verb} the ${config.side}-side config ${params}${where} of ${configSubject(config)}`,
    before,
    after,
    outcome: "ok",
  };
}
