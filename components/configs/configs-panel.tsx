"use client";

import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import type { Consumer } from "@/lib/api/catalog-entities";
import type { Config as ListedConfig, ConfigsQuery } from "@/lib/api/overrides/configs";
import { configsQuery } from "@/lib/api/client/queries";
import type { ConfigTarget } from "@/lib/override/editor/config-form";
import { RoleNote } from "../auth/role-note";
import { useSession } from "../auth/use-session";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import type { ConfigChoices } from "./config-choices";
import { ConfigEditor } from "./config-editor";
import { CONFIG_WRITE } from "./config-permission";
import { ConfigHistory } from "./config-history";
import { configPageHref } from "./config-hrefs";
import { ConfigsTable } from "./configs-table";

/**
 * The Configuration tab of a service or an application: its overrides (written here or by
 * others, each with its origin) and the editor of a new one or of one opened from the list.
 * Kept current by the change stream (a configurator change is an event of its service).
 */
export function ConfigsPanel({ target, filter, choices, consumers, subject }: { target: ConfigTarget; filter: ConfigsQuery; choices: ConfigChoices; consumers: readonly Consumer[]; /** The audit entries' `service` of these configs: the service key, or the application. */ subject: string }) {
  const query = useQuery(configsQuery(filter));
  const session = useSession();
  const canWrite = session.can(CONFIG_WRITE);
  const [editing, setEditing] = useState<ListedConfig | "new" | null>(null);
  return (
    <div className="space-y-3" data-testid="configs-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Overrides (configurators): parameters Dubbo changes on the providers&apos; URLs as consumers or providers see them, without a restart.</p>
        {canWrite && editing === null && (
          <Button type="button" size="sm" variant="primary" onClick={() => setEditing("new")} data-testid="new-config">
            <Plus className="h-3.5 w-3.5" aria-hidden /> New config
          </Button>
        )}
      </div>
      {!canWrite && session.role !== null && <RoleNote role={session.role}>cannot change configs.</RoleNote>}
      {editing !== null && <ConfigEditor key={editing === "new" ? "new" : editing.id} target={target} choices={choices} consumers={consumers} config={editing === "new" ? null : editing} onDone={() => setEditing(null)} />}
      {query.error ? (
        <Callout tone="bad" title="The configs could not be read">
          {query.error.message}
        </Callout>
      ) : query.isPending ? (
        <Callout>Loading the configs…</Callout>
      ) : (
        <ConfigsTable
          configs={query.data.configs}
          canWrite={canWrite}
          onEdit={setEditing}
          editsHere={(c) => target.kind === "service" || c.scope === "application"}
          openHref={configPageHref}
          showKey={target.kind === "application"} empty="No override is set here: consumers and providers use their URLs' own parameters." />
      )}
      <ConfigHistory subject={subject} current={query.data?.configs ?? []} canWrite={canWrite} />
    </div>
  );
}
