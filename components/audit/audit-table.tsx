"use client";

import { ChevronDown, ChevronRight } from "lucide-react";
import Link from "next/link";
import { Fragment, type ReactNode, useState } from "react";
import type { AuditEntry } from "@/lib/api/audit";
import { KIND_LABELS, kindTone } from "@/lib/audit/kind-labels";
import { serviceHref } from "@/lib/format/hrefs";
import { Badge } from "../ui/badge";
import { ServiceKeyText } from "../ui/service-key-text";
import { Button } from "../ui/button";
import { Table, TD, TH, THead, TRow } from "../ui/table";
import { TimeAgo } from "../ui/time-ago";
import { AuditActor } from "./audit-actor";
import { RestoreDeletion } from "../routes/restore-deletion";
import { AuditChange } from "./audit-change";
import { AuditSummary } from "./audit-summary";

/**
 * Audit entries, newest first: when, who, what, on which service, and whether it worked;
 * each row opens to show what changed. On a phone each entry is a card (a stacked table).
 * `actions`: more buttons for a row (e.g. restoring a deleted route), shown before "Changes".
 */
export function AuditTable({ entries, actions }: { entries: readonly AuditEntry[]; actions?: (entry: AuditEntry) => ReactNode }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <Table stacked data-testid="audit-table">
      <THead>
        <tr>
          <TH>When</TH>
          <TH>Who</TH>
          <TH>What</TH>
          <TH>Service</TH>
          <TH>Outcome</TH>
          <TH>
            <span className="sr-only">Details</span>
          </TH>
        </tr>
      </THead>
      <tbody>
        {entries.map((entry) => {
          const expanded = open.has(entry.id);
          return (
            <Fragment key={entry.id}>
              <TRow data-audit-id={entry.id} data-audit-kind={entry.kind} className={expanded ? "border-b-0" : undefined}>
                <TD data-label="When" className="text-xs whitespace-nowrap max-sm:whitespace-normal">
                  <TimeAgo at={entry.at} compact />
                </TD>
                <TD data-label="Who" className="max-w-56">
                  <AuditActor actor={entry.actor} />
                </TD>
                <TD data-label="What" className="min-w-48">
                  <div className="min-w-0">
                    <Badge tone={kindTone(entry.kind)}>{KIND_LABELS[entry.kind]}</Badge>
                    <span className="mt-0.5 block text-sm [overflow-wrap:anywhere]" data-audit-summary>
                      <AuditSummary text={entry.summary} />
                    </span>
                  </div>
                </TD>
                <TD data-label="Service" className="max-w-64 text-xs">
                  <div className="min-w-0">
                    <Link href={serviceHref(entry.service, entry.route ? "routes" : undefined)} className="entity-link">
                      <ServiceKeyText value={entry.service} />
                    </Link>
                    {entry.route && <span className="block text-zinc-500 [overflow-wrap:anywhere] dark:text-zinc-400">route {entry.route.name}</span>}
                  </div>
                </TD>
                <TD data-label="Outcome">
                  <span>
                    <Badge tone={entry.outcome === "ok" ? "good" : "bad"}>{entry.outcome === "ok" ? "done" : "failed"}</Badge>
                  </span>
                </TD>
                <TD data-label="" className="text-right max-sm:flex! max-sm:justify-end">
                  <span className="inline-flex flex-wrap items-center justify-end gap-1">
                  {actions?.(entry)}
                  <RestoreDeletion entry={entry} />
                  <Button type="button" size="sm" variant="ghost" aria-expanded={expanded} onClick={() => toggle(entry.id)} data-testid="audit-expand">
                    {expanded ? <ChevronDown className="h-4 w-4" aria-hidden /> : <ChevronRight className="h-4 w-4" aria-hidden />}
                    Changes
                  </Button>
                  </span>
                </TD>
              </TRow>
              {expanded && (
                <TRow data-audit-detail={entry.id}>
                  <td colSpan={6} className="bg-zinc-50 px-3 pt-1 pb-3 max-sm:block! max-sm:before:hidden dark:bg-zinc-950/40">
                    <AuditChange entry={entry} />
                  </td>
                </TRow>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </Table>
  );
}
