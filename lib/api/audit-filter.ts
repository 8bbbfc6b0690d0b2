import type { AuditKind } from "./audit";

/** The filters of GET /api/v1/audit a client sets; a field left undefined or empty is any. */
export interface AuditFilter {
  /** A service key (`group/interface:version`) or an interface. */
  readonly service?: string;
  /** An actor's name. */
  readonly user?: string;
  readonly kind?: AuditKind | "";
  /** A route key (an entry's `route.key`). */
  readonly route?: string;
}
