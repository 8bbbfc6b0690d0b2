"use client";

import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import type { ServiceDetail } from "@/lib/api/catalog-entities";
import { mocksQuery } from "@/lib/api/client/queries";
import { TypeResolver } from "@/lib/invoke/form/field-spec";
import { RoleNote } from "../auth/role-note";
import { useSession } from "../auth/use-session";
import { CONFIG_WRITE } from "../configs/config-permission";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { MockEditor } from "./mock-editor";
import type { Mock } from "@/lib/api/mocks";
import { mocksFilter } from "./mocks-filter";
import { MocksTable } from "./mocks-table";

/**
 * The Mocks tab of a service: the answers its consumers fake per method (GET
 * /api/v1/mocks), who receives them, and the editor of a new one. Kept current by the
 * change stream (a mock is an override: a configs event refetches it).
 */
export function MocksPanel({ service }: { service: ServiceDetail }) {
  const query = useQuery(mocksQuery(mocksFilter(service)));
  const session = useSession();
  const canWrite = session.can(CONFIG_WRITE);
  const types = useMemo(() => new TypeResolver(service.types), [service.types]);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Mock | null>(null);
  return (
    <div className="min-w-0 space-y-3" data-testid="mocks-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm text-zinc-600 dark:text-zinc-400">Mocks: a method&apos;s answer faked by its consumers, always (force) or when the call fails, without a restart.</p>
        {canWrite && !adding && editing === null && (
          <Button type="button" size="sm" variant="primary" onClick={() => setAdding(true)} data-testid="new-mock">
            <Plus className="h-3.5 w-3.5" aria-hidden /> New mock
          </Button>
        )}
      </div>
      {!canWrite && session.role !== null && <RoleNote role={session.role}>cannot change mocks.</RoleNote>}
      {adding && <MockEditor service={service} types={types} onDone={() => setAdding(false)} />}
      {editing !== null && <MockEditor key={editing.id} service={service} types={types} editing={editing} onDone={() => setEditing(null)} />}
      {query.error ? (
        <Callout tone="bad" title="The mocks could not be read">
          {query.error.message}
        </Callout>
      ) : query.isPending ? (
        <Callout>Loading the mocks…</Callout>
      ) : (
        <MocksTable mocks={query.data.mocks} canWrite={canWrite} onEdit={adding ? undefined : (mock) => setEditing(mock)} />
      )}
    </div>
  );
}
