"use client";

import type { AccessRule } from "@/lib/api/access";
import { accessListsText } from "@/lib/access/access-words";
import { routeEditHref } from "../routes/route-hrefs";
import { Badge } from "../ui/badge";
import { Callout } from "../ui/callout";
import { Table, TD, TH, THead, TRow } from "../ui/table";
import { Button } from "../ui/button";
import { DeleteAccess, ToggleAccess } from "./access-rule-actions";

const ORIGINS = { console: "console", "dubbo-admin": "Dubbo Admin", other: "by hand" } as const;

/**
 * The access rules of a service: mode, the consumers listed, whether enabled, who wrote it;
 * per rule, Enable/Disable, Delete and its history (the route's, on the Routes tab).
 */
export function AccessRulesTable({ rules, canWrite, onEdit }: { rules: readonly AccessRule[]; canWrite: boolean; onEdit?: (rule: AccessRule) => void }) {
  if (rules.length === 0) {
    return (
      <Callout data-testid="access-empty">
        No access rule: every consumer of this service gets the providers its routes give it.
      </Callout>
    );
  }
  return (
    <Table stacked data-testid="access-table">
      <THead>
        <tr>
          <TH>Mode</TH>
          <TH>Consumers</TH>
          <TH>Enabled</TH>
          <TH>Origin</TH>
          <TH>
            <span className="sr-only">Actions</span>
          </TH>
        </tr>
      </THead>
      <tbody>
        {rules.map((r) => (
          <TRow key={r.id} data-access-rule={r.id} data-mode={r.mode} data-enabled={r.enabled} data-revision={r.revision}>
            <TD data-label="Mode">
              <span>
                <Badge tone={r.mode === "block" ? "bad" : "info"}>{r.mode === "block" ? "block" : "allow only"}</Badge>
              </span>
            </TD>
            <TD data-label="Consumers" className="font-mono text-xs [overflow-wrap:anywhere]" data-testid="access-rule-lists">
              {accessListsText(r)}
            </TD>
            <TD data-label="Enabled">
              <span>{r.enabled ? <Badge tone="good">enabled</Badge> : <Badge>disabled</Badge>}</span>
            </TD>
            <TD data-label="Origin" data-origin={r.route.origin.writer}>
              {ORIGINS[r.route.origin.writer]}
            </TD>
            <TD data-label="Actions" className="text-right max-sm:text-left">
              <span className="inline-flex flex-wrap items-center gap-1">
                {canWrite && onEdit && (
                  <Button type="button" size="sm" variant="ghost" onClick={() => onEdit(r)} data-testid="edit-access">
                    Edit
                  </Button>
                )}
                {canWrite && <ToggleAccess rule={r} />}
                {canWrite && <DeleteAccess rule={r} />}
                <a href={routeEditHref(r.route)} className="px-2 text-sm text-brand-700 hover:underline dark:text-sky-300" data-testid="access-history">
                  History
                </a>
              </span>
            </TD>
          </TRow>
        ))}
      </tbody>
    </Table>
  );
}
