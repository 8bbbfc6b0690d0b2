"use client";

import { useQuery } from "@tanstack/react-query";
import { usersQuery } from "@/lib/api/client/queries";
import type { UsersResponse } from "@/lib/api/users";
import { RoleNote } from "../auth/role-note";
import { useSession } from "../auth/use-session";
import { Badge } from "../ui/badge";
import { Callout } from "../ui/callout";
import { Table, TD, TH, THead, TRow } from "../ui/table";
import { UsersCommands } from "./users-commands";

/**
 * The Users page (admin only): who may sign in and which API tokens exist, by name and
 * role, read-only, with the CLI commands that change them. Other roles see a note; the
 * server refuses them GET /api/v1/users anyway.
 */
export function UsersView() {
  const { role, can } = useSession();
  const admin = can("users.manage");
  const query = useQuery({ ...usersQuery(), enabled: admin });
  if (role !== null && !admin) return <RoleNote role={role}>cannot see the users: that needs the admin role.</RoleNote>;
  return (
    <div className="space-y-6" data-testid="users-view">
      {query.error && (
        <Callout tone="bad" title="The users could not be read">
          {query.error.message}
        </Callout>
      )}
      {query.isPending && admin && <Callout>Reading the users…</Callout>}
      {query.data && <Roster data={query.data} />}
      <UsersCommands />
    </div>
  );
}

function Roster({ data }: { data: UsersResponse }) {
  const rows = [...data.users.map((u) => ({ ...u, kind: "user" as const })), ...data.tokens.map((t) => ({ ...t, kind: "token" as const }))];
  return (
    <div className="space-y-2">
      {data.source === "none" && <Callout>No users file is configured (CONSOLE_USERS_FILE): nobody signs in with a password.</Callout>}
      {rows.length > 0 && (
        <Table stacked data-testid="users-table">
          <THead>
            <tr>
              <TH>Name</TH>
              <TH>Kind</TH>
              <TH>Role</TH>
            </tr>
          </THead>
          <tbody>
            {rows.map((r) => (
              <TRow key={`${r.kind}:${r.name}`} data-testid={`users-row-${r.kind}-${r.name}`}>
                <TD data-label="Name" className="font-medium break-all">
                  {r.name}
                </TD>
                <TD data-label="Kind">{r.kind === "user" ? "user" : r.name === "env-token" ? "API token (CONSOLE_API_TOKEN)" : "API token"}</TD>
                <TD data-label="Role">
                  <span>
                    <Badge tone={r.role === "admin" ? "warn" : "neutral"}>{r.role}</Badge>
                  </span>
                </TD>
              </TRow>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}
