import type { AuditExportFormat, AuditKind } from "./audit";

/** The filters of GET /api/v1/audit a client sets; a field left undefined or empty is any. */
export interface AuditFilter {
  /** Part of a service key (`group/interface:version`): an interface alone, a package, a group. */
  readonly service?: string;
  /** An actor's name. */
  readonly user?: string;
  readonly kind?: AuditKind | "";
  /** A route key (an entry's `route.key`). */
  readonly route?: string;
  /** Entries at or after this instant (ISO 8601 with offset). */
  readonly from?: string;
  /** Entries at or before this instant (ISO 8601 with offset). */
  readonly to?: string;
}

/** The query parameters of `filter`, empty ones left out (the list and the export take the same). */
export function auditFilterParams(filter: AuditFilter): Record<string, string> {
  const all: Record<string, string> = { service: filter.service ?? "", user: filter.user ?? "", kind: filter.kind ?? "", route: filter.route ?? "", from: filter.from ?? "", to: filter.to ?? "" };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== ""));
}

/** The address of GET /api/v1/audit/export for `filter` in `format`: a download of every entry the filter selects. */
export function auditExportHref(filter: AuditFilter, format: AuditExportFormat): string {
  return `/api/v1/audit/export?${new URLSearchParams({ format, ...auditFilterParams(filter) }).toString()}`;
}
