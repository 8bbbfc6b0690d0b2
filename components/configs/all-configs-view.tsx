"use client";

import { useQuery } from "@tanstack/react-query";
import { configsQuery } from "@/lib/api/client/queries";
import { useSession } from "../auth/use-session";
import { Callout } from "../ui/callout";
import { configPageHref } from "./config-hrefs";
import { CONFIG_WRITE } from "./config-permission";
import { ConfigsTable } from "./configs-table";

/** Every override in the registries, of every service and application: on or off, delete, and Open on the page that edits it. */
export function AllConfigsView() {
  const query = useQuery(configsQuery({}));
  const session = useSession();
  if (query.error)
    return (
      <Callout tone="bad" title="The configs could not be read">
        {query.error.message}
      </Callout>
    );
  if (query.isPending) return <Callout>Loading the configs…</Callout>;
  return <ConfigsTable configs={query.data.configs} canWrite={session.can(CONFIG_WRITE)} openHref={configPageHref} showKey empty="No override is set in the registries." />;
}
