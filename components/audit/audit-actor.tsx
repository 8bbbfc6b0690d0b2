import type { AuditEntry } from "@/lib/api/audit";

const VIA: Record<AuditEntry["actor"]["via"], string> = { session: "signed in", token: "API token", anonymous: "authentication off" };

/** Who made a change: name and role, then how they were signed in and from which address. */
export function AuditActor({ actor }: { actor: AuditEntry["actor"] }) {
  return (
    <span className="block min-w-0">
      <span className="font-medium [overflow-wrap:anywhere]" data-audit-user={actor.name}>
        {actor.name}
      </span>{" "}
      <span className="text-xs text-zinc-500 dark:text-zinc-400">({actor.role})</span>
      <span className="block text-xs text-zinc-500 [overflow-wrap:anywhere] dark:text-zinc-400">
        {VIA[actor.via]} · {actor.address}
      </span>
    </span>
  );
}
