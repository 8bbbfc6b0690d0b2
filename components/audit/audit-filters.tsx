"use client";

import { AUDIT_KINDS, type AuditKind } from "@/lib/api/audit";
import { KIND_LABELS } from "@/lib/audit/kind-labels";
import { Input } from "../ui/input";

/** The Audit page's filters as the address holds them; "" is any. */
export interface AuditFilterValues {
  readonly service: string;
  readonly user: string;
  readonly kind: string;
}

/** Whether `value` is a kind the API knows (an address may hold anything). */
export function isAuditKind(value: string): value is AuditKind {
  return (AUDIT_KINDS as readonly string[]).includes(value);
}

const label = "block text-xs font-medium text-zinc-600 dark:text-zinc-400";

/** Service, user and kind: the three filters of GET /api/v1/audit the page offers. */
export function AuditFilters({ values, onChange }: { values: AuditFilterValues; onChange: (field: keyof AuditFilterValues, value: string) => void }) {
  return (
    <form role="search" aria-label="Filter the audit trail" className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]" onSubmit={(e) => e.preventDefault()}>
      <label className={label}>
        Service
        <Input value={values.service} onChange={(e) => onChange("service", e.target.value)} placeholder="group/io.x.Service:1.0.0" className="mt-0.5 font-mono text-[13px]" spellCheck={false} autoComplete="off" data-testid="audit-filter-service" />
      </label>
      <label className={label}>
        User
        <Input value={values.user} onChange={(e) => onChange("user", e.target.value)} placeholder="any" className="mt-0.5" spellCheck={false} autoComplete="off" data-testid="audit-filter-user" />
      </label>
      <label className={label}>
        Kind
        <select
          value={isAuditKind(values.kind) ? values.kind : ""}
          onChange={(e) => onChange("kind", e.target.value)}
          className="mt-0.5 h-9 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-zinc-700 dark:bg-zinc-900"
          data-testid="audit-filter-kind"
        >
          <option value="">Any kind</option>
          {AUDIT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}
