import type { AuditKind } from "../api/audit";

/** What each kind of audit entry is, in words, for filters and rows. */
export const KIND_LABELS: Readonly<Record<AuditKind, string>> = {
  "route.create": "Route created",
  "route.edit": "Route edited",
  "route.enable": "Route enabled",
  "route.disable": "Route disabled",
  "route.delete": "Route deleted",
  "route.priority": "Route priority changed",
  "route.rollback": "Route rolled back",
  "config-route.create": "Config-center rule created",
  "config-route.edit": "Config-center rule edited",
  "config-route.delete": "Config-center rule deleted",
  "config.create": "Config created",
  "config.replace": "Config edited",
  "config.delete": "Config deleted",
  "config.enable": "Config enabled",
  "config.disable": "Config disabled",
  "tag-route.create": "Tag route created",
  "tag-route.edit": "Tag route edited",
  "tag-route.enable": "Tag route enabled",
  "tag-route.disable": "Tag route disabled",
  "tag-route.delete": "Tag route deleted",
  "tag-route.rollback": "Tag route rolled back",
  "gray.start": "Gray release started",
  "gray.step": "Gray release step",
  "gray.return": "Gray release returned",
  "gray.end": "Gray release ended",
  "qos.offline": "Provider taken offline (QoS)",
  "qos.online": "Provider brought online (QoS)",
  "proto.upload": ".proto schema uploaded",
  "proto.delete": ".proto schema removed",
  invoke: "Method invoked",
};

/** The badge tone of a kind: removals stand out, invocations are not changes. */
export function kindTone(kind: AuditKind): "bad" | "info" | "neutral" | "warn" {
  if (kind.endsWith(".delete")) return "bad";
  if (kind === "route.rollback" || kind === "tag-route.rollback" || kind === "gray.return") return "warn";
  if (kind === "invoke") return "neutral";
  return "info";
}
