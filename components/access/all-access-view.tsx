"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { AccessRule } from "@/lib/api/access";
import { accessQuery, mocksQuery } from "@/lib/api/client/queries";
import type { Mock } from "@/lib/api/mocks";
import { accessListsText } from "@/lib/access/access-words";
import { serviceKey } from "@/lib/dubbo/service-key";
import { serviceHref } from "@/lib/format/hrefs";
import { Badge } from "../ui/badge";
import { Callout } from "../ui/callout";
import { Table, TD, TH, THead, TRow } from "../ui/table";

const keyOf = (r: { service: string; group: string; version: string }) => serviceKey({ interface: r.service, group: r.group, version: r.version });

function ServiceLink({ rule, tab }: { rule: { service: string; group: string; version: string }; tab: string }) {
  const key = keyOf(rule);
  return (
    <Link href={serviceHref(key, tab)} className="font-mono text-xs text-brand-700 underline-offset-2 [overflow-wrap:anywhere] hover:underline dark:text-brand-300">
      {key}
    </Link>
  );
}

function AccessTable({ rules }: { rules: readonly AccessRule[] }) {
  if (rules.length === 0) return <Callout data-testid="all-access-empty">No access rule in the registries: every consumer gets the providers its routes give it.</Callout>;
  return (
    <Table stacked data-testid="all-access-table">
      <THead>
        <tr>
          <TH>Service</TH>
          <TH>Mode</TH>
          <TH>Consumers</TH>
          <TH>Enabled</TH>
        </tr>
      </THead>
      <tbody>
        {rules.map((r) => (
          <TRow key={r.id} data-access-rule={r.id}>
            <TD data-label="Service">
              <ServiceLink rule={r} tab="access" />
            </TD>
            <TD data-label="Mode">
              <span>
                <Badge tone={r.mode === "block" ? "bad" : "info"}>{r.mode === "block" ? "block" : "allow only"}</Badge>
              </span>
            </TD>
            <TD data-label="Consumers" className="font-mono text-xs [overflow-wrap:anywhere]">
              {accessListsText(r)}
            </TD>
            <TD data-label="Enabled">
              <span>{r.enabled ? <Badge tone="good">enabled</Badge> : <Badge>disabled</Badge>}</span>
            </TD>
          </TRow>
        ))}
      </tbody>
    </Table>
  );
}

function MocksTable({ mocks }: { mocks: readonly Mock[] }) {
  if (mocks.length === 0) return <Callout data-testid="all-mocks-empty">No mock in the registries: every call goes to its providers.</Callout>;
  return (
    <Table stacked data-testid="all-mocks-table">
      <THead>
        <tr>
          <TH>Service</TH>
          <TH>Method</TH>
          <TH>Answer</TH>
          <TH>Consumers receiving it</TH>
          <TH>Enabled</TH>
        </tr>
      </THead>
      <tbody>
        {mocks.map((m) => (
          <TRow key={m.id} data-mock={m.id}>
            <TD data-label="Service">
              <ServiceLink rule={m} tab="mocks" />
            </TD>
            <TD data-label="Method" className="font-mono text-xs">
              {m.method}
            </TD>
            <TD data-label="Answer" className="font-mono text-xs [overflow-wrap:anywhere]">
              {m.mode === "force" ? "always: " : "on failure: "}
              {m.throws !== undefined ? `throws ${m.throws}` : `returns ${JSON.stringify(m.returns ?? null)}`}
            </TD>
            <TD data-label="Consumers receiving it" className="text-xs [overflow-wrap:anywhere]">
              {m.consumers.length === 0 ? "none registered now" : m.consumers.map((c) => `${c.application} (${c.host})`).join(", ")}
            </TD>
            <TD data-label="Enabled">
              <span>{m.enabled ? <Badge tone="good">enabled</Badge> : <Badge>disabled</Badge>}</span>
            </TD>
          </TRow>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * Who may call what, and which calls are faked, across every service: the access rules
 * (GET /api/v1/access) and the mocks (GET /api/v1/mocks) of every registry, each linking to
 * its service's tab, where it is edited. Kept current by the change stream.
 */
export function AllAccessView() {
  const access = useQuery(accessQuery({}));
  const mocks = useQuery(mocksQuery({}));
  return (
    <div className="space-y-6" data-testid="all-access">
      <section className="space-y-2" aria-labelledby="all-access-title">
        <h2 id="all-access-title" className="text-base font-semibold">
          Access rules {access.data ? <span className="text-sm font-normal text-zinc-500">({access.data.rules.length})</span> : null}
        </h2>
        {access.error ? (
          <Callout tone="bad" title="The access rules could not be read">
            {access.error.message}
          </Callout>
        ) : access.data ? (
          <AccessTable rules={access.data.rules} />
        ) : (
          <Callout>Loading the access rules…</Callout>
        )}
      </section>
      <section className="space-y-2" aria-labelledby="all-mocks-title">
        <h2 id="all-mocks-title" className="text-base font-semibold">
          Mocks {mocks.data ? <span className="text-sm font-normal text-zinc-500">({mocks.data.mocks.length})</span> : null}
        </h2>
        {mocks.error ? (
          <Callout tone="bad" title="The mocks could not be read">
            {mocks.error.message}
          </Callout>
        ) : mocks.data ? (
          <MocksTable mocks={mocks.data.mocks} />
        ) : (
          <Callout>Loading the mocks…</Callout>
        )}
      </section>
    </div>
  );
}
