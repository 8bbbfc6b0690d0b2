"use client";

import { AUDIT_KINDS, type AuditKind } from "@/lib/api/audit";
import { KIND_LABELS } from "@/lib/audit/kind-labels";
import { Input } from "../ui/input";

/** The Audit page's filters as the address holds them; "" is any. `from` and `to` are `datetime-local` text (local time, to the minute). */
export interface AuditFilterValues {
  readonly service: string;
  readonly user: string;
  readonly kind: string;
  readonly from: string;
  readonly to: string;
}

/** Whether `value` is a kind the API knows (an address may hold anything). */
export function isAuditKind(value: string): value is AuditKind {
  return (AUDIT_KINDS as readonly string[]).includes(value);
}

const label = "block min-w-0 text-xs font-medium text-zinc-600 dark:text-zinc-400";

/** Service (any part of the key), user, kind, and a date range from/to (inclusive, local time): the filters of GET /api/v1/audit the page offers. */
export function AuditFilters({ values, onChange }: { values: AuditFilterValues; onChange: (field: keyof AuditFilterValues, value: string) => void }) {
  return (
    <form
      role="search"
      aria-label="Filter the audit trail"
      className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.3fr)_minmax(0,1.3fr)_minmax(0,1.3fr)]"
      onSubmit={(e) => e.preventDefault()}
    >
      <label className={`${label} col-span-2 lg:col-span-1`}>
        Service
        <Input value={values.service} onChange={(e) => onChange("service", e.target.value)} placeholder="interface, package or group/interface:version" className="mt-0.5 font-mono text-[13px]" spellCheck={false} autoComplete="off" data-testid="audit-filter-service" />
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
      <label className={`${label} max-sm:col-span-2`}>
        From
        <Input type="datetime-local" value={values.from} max={values.to || undefined} onChange={(e) => onChange("from", e.target.value)} className="mt-0.5 px-2 [color-scheme:light] dark:[color-scheme:dark]" data-testid="audit-filter-from" />
      </label>
      <label className={`${label} max-sm:col-span-2`}>
        To <span className="font-normal text-zinc-500 dark:text-zinc-400">(inclusive)</span>
        <Input type="datetime-local" value={values.to} min={values.from || undefined} onChange={(e) => onChange("to", e.target.value)} className="mt-0.5 px-2 [color-scheme:light] dark:[color-scheme:dark]" data-testid="audit-filter-to" />
      </label>
    </form>
  );
}
