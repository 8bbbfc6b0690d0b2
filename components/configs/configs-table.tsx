"use client";

import Link from "next/link";
import type { Config as ListedConfig } from "@/lib/api/overrides/configs";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { Table, TD, TH, THead, TRow } from "../ui/table";
import { ConfigEnabledToggle, DeleteConfig } from "./config-row-actions";

const ORIGIN_TONE: Record<string, "info" | "warn" | "neutral"> = { console: "info", "dubbo-admin": "warn", dubbo: "neutral" };

function where(c: ListedConfig): string {
  const parts = [
    c.addresses.length > 0 && !(c.addresses.length === 1 && c.addresses[0] === "0.0.0.0") ? `on ${c.addresses.join(", ")}` : "on every host",
    c.providerAddresses.length > 0 ? `providers ${c.providerAddresses.join(", ")}` : "",
    c.applications.length > 0 ? `apps ${c.applications.join(", ")}` : "",
    c.services && c.services.length > 0 ? `services ${c.services.join(", ")}` : "",
  ];
  return parts.filter((p) => p !== "").join("; ");
}

/**
 * Overrides, one row each: what they are for (scope and key, side, where), what they set,
 * who wrote them (origin), whether they are on, and, for a role that may change them, Edit
 * and Delete. A config `onEdit` cannot take (`editsHere` false, or no `onEdit`) gets Open,
 * a link to the page that edits it (`openHref`).
 */
export function ConfigsTable({
  configs,
  canWrite,
  onEdit,
  editsHere = () => true,
  openHref,
  showKey,
  empty,
}: {
  configs: readonly ListedConfig[];
  canWrite: boolean;
  onEdit?: (config: ListedConfig) => void;
  editsHere?: (config: ListedConfig) => boolean;
  openHref?: (config: ListedConfig) => string;
  showKey: boolean;
  empty: string;
}) {
  if (configs.length === 0) return <Callout data-testid="configs-empty">{empty}</Callout>;
  return (
    <Table stacked data-testid="configs-table">
      <THead>
        <tr>
          {showKey && <TH>For</TH>}
          <TH>Side</TH>
          <TH>Where</TH>
          <TH>Sets</TH>
          <TH>Origin</TH>
          <TH>Enabled</TH>
          {(canWrite || openHref) && <TH>Actions</TH>}
        </tr>
      </THead>
      <tbody>
        {configs.map((c) => (
          <TRow key={c.id} data-config={c.id} data-config-revision={c.revision} data-config-enabled={c.enabled}>
            {showKey && (
              <TD data-label="For" className="font-mono text-xs [overflow-wrap:anywhere]">
                {c.scope === "application" ? `app ${c.key}` : c.key}
              </TD>
            )}
            <TD data-label="Side">{c.side}</TD>
            <TD data-label="Where" className="text-xs [overflow-wrap:anywhere]">
              {where(c)}
            </TD>
            <TD data-label="Sets" className="font-mono text-xs [overflow-wrap:anywhere]" data-testid="config-parameters">
              {Object.entries(c.parameters)
                // By name: the registry copy's URL and the YAML may list them in different orders.
                .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
                .map(([k, v]) => `${k}=${v}`)
                .join(" ")}
            </TD>
            <TD data-label="Origin">
              <span>
                <Badge tone={ORIGIN_TONE[c.origin] ?? "neutral"} data-origin={c.origin}>
                  {c.origin}
                </Badge>
                {c.readOnly !== null && (
                  <Badge tone="warn" title={c.readOnly} className="ml-1">
                    read-only
                  </Badge>
                )}
              </span>
            </TD>
            <TD data-label="Enabled">
              <span>
                <ConfigEnabledToggle config={c} canWrite={canWrite} />
              </span>
            </TD>
            {(canWrite || openHref) && (
              <TD data-label="Actions">
                <span className="flex flex-wrap gap-1">
                  {openHref && !(onEdit && editsHere(c)) && (
                    <Button asChild size="sm" variant="ghost">
                      <Link href={openHref(c)} data-testid="open-config">
                        Open
                      </Link>
                    </Button>
                  )}
                  {onEdit && editsHere(c) && (
                    <Button type="button" size="sm" variant="ghost" onClick={() => onEdit(c)} disabled={c.readOnly !== null} title={c.readOnly ?? undefined} data-testid="edit-config">
                      Edit
                    </Button>
                  )}
                  {canWrite && <DeleteConfig config={c} />}
                </span>
              </TD>
            )}
          </TRow>
        ))}
      </tbody>
    </Table>
  );
}
