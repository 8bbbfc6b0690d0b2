import { type BackupRoute, createBodyOf, holdsBackup, replaceBodyOf, type RoutesBackup } from "../lib/api/routing/routes-backup";
import type { CreateRouteBody, ReplaceRouteBody, Route } from "../lib/api/routing/routes";

/** What a restore needs of the console's HTTP API (scripts/routes-backup.ts implements it with fetch). */
export interface RoutesApi {
  /** GET /api/v1/routes with these exact filters. */
  list(query: { service: string; group: string; version: string; registry: string }): Promise<Route[]>;
  /** POST /api/v1/routes: the status, and the error's code and message when it failed. */
  create(body: CreateRouteBody): Promise<ApiAnswer>;
  /** PUT /api/v1/routes/{id}. */
  replace(id: string, body: ReplaceRouteBody): Promise<ApiAnswer>;
}

export interface ApiAnswer {
  readonly status: number;
  readonly error?: { readonly code: string; readonly message: string };
}

/**
 * How one backed-up route ended:
 * - `created`: re-created (POST answered 201);
 * - `unchanged`: a route of its name already held the same content;
 * - `replaced`: a route of its name held other content and `replace` was asked (PUT);
 * - `differs`: a route of its name holds other content, left alone;
 * - `skipped`: written by Dubbo Admin or another tool, so the console cannot re-create its node;
 * - `failed`: the console refused or could not save it (`detail` says why).
 */
export const RESTORE_OUTCOMES = ["created", "unchanged", "replaced", "differs", "skipped", "failed"] as const;
export type RestoreOutcome = (typeof RESTORE_OUTCOMES)[number];

export interface RestoreLine {
  readonly route: BackupRoute;
  readonly outcome: RestoreOutcome;
  readonly detail?: string;
}

export interface RestoreOptions {
  /** Restore every route to this registry (its source) instead of the one it came from. */
  readonly registry?: string;
  /** Edit a route of the same name that holds other content to the backup's content. */
  readonly replace?: boolean;
}

/** Re-creates the routes of `backup` one by one through `api`; never deletes anything. */
export async function restoreRoutes(api: RoutesApi, backup: RoutesBackup, options: RestoreOptions = {}): Promise<RestoreLine[]> {
  const lines: RestoreLine[] = [];
  for (const route of backup.routes) lines.push(await restoreOne(api, route, options));
  return lines;
}

async function restoreOne(api: RoutesApi, route: BackupRoute, options: RestoreOptions): Promise<RestoreLine> {
  if (route.writer !== "console") return { route, outcome: "skipped", detail: `written by ${route.writer}: restore it with ZooKeeper's own tools` };
  const body = createBodyOf(route, options.registry);
  const created = await api.create(body);
  if (created.status === 201) return { route, outcome: "created" };
  if (created.status !== 409) return { route, outcome: "failed", detail: describe(created) };
  const existing = (await api.list({ service: body.service, group: body.group, version: body.version, registry: body.registry! })).find((r) => r.name === route.name);
  if (!existing) return { route, outcome: "failed", detail: describe(created) };
  if (holdsBackup(existing, route)) return { route, outcome: "unchanged" };
  if (!options.replace) return { route, outcome: "differs", detail: `the registry holds ${JSON.stringify(existing.rule)} priority ${existing.priority}${existing.enabled ? "" : " (disabled)"}; --replace to overwrite` };
  const replaced = await api.replace(existing.id, replaceBodyOf(route, existing.revision));
  return replaced.status === 200 ? { route, outcome: "replaced" } : { route, outcome: "failed", detail: describe(replaced) };
}

function describe(answer: ApiAnswer): string {
  return answer.error ? `${answer.status} ${answer.error.code}: ${answer.error.message}` : `HTTP ${answer.status}`;
}
