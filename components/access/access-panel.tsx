"use client";

import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import type { AccessRule } from "@/lib/api/access";
import { accessQuery } from "@/lib/api/client/queries";
import type { Permission } from "@/lib/auth/roles";
import { RoleNote } from "../auth/role-note";
import { useSession } from "../auth/use-session";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { type AccessService, AccessEditor } from "./access-editor";
import { AccessRulesTable } from "./access-rules-table";

/** The permission an access change needs (its rules are condition routes; the server checks the same). */
const ROUTES_WRITE: Permission = "routes.write";

/**
 * The Access tab of a service: who may call it, as block and allow-only rules saved as
 * condition routes (GET /api/v1/access), and the editor of a new one (or of one picked to
 * edit) with its live preview.
 * Kept current by the change stream (a route change refetches every route list).
 */
export function AccessPanel({ service }: { service: AccessService }) {
  const query = useQuery(accessQuery({ service: service.interface, group: service.group, version: service.version }));
  const session = useSession();
  const canWrite = session.can(ROUTES_WRITE);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AccessRule | null>(null);
  return (
    <div className="min-w-0 space-y-3" data-testid="access-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm text-zinc-600 dark:text-zinc-400">Access rules: consumers blocked, or the only ones allowed, as condition routes every Dubbo release obeys.</p>
        {canWrite && !adding && editing === null && (
          <Button type="button" size="sm" variant="primary" onClick={() => setAdding(true)} data-testid="new-access">
            <Plus className="h-3.5 w-3.5" aria-hidden /> New rule
          </Button>
        )}
      </div>
      {!canWrite && session.role !== null && <RoleNote role={session.role}>cannot change access rules.</RoleNote>}
      {adding && <AccessEditor service={service} rules={query.data?.rules ?? []} onDone={() => setAdding(false)} />}
      {editing !== null && <AccessEditor key={editing.id} service={service} rules={query.data?.rules ?? []} editing={editing} onDone={() => setEditing(null)} />}
      {query.error ? (
        <Callout tone="bad" title="The access rules could not be read">
          {query.error.message}
        </Callout>
      ) : query.isPending ? (
        <Callout>Loading the access rules…</Callout>
      ) : (
        <AccessRulesTable rules={query.data.rules} canWrite={canWrite} onEdit={adding ? undefined : (rule) => setEditing(rule)} />
      )}
    </div>
  );
}
