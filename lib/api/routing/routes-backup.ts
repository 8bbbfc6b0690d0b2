/**
 * The file format of a routes backup (scripts/routes-backup.ts): every route as
 * GET /api/v1/routes lists it, kept to the fields POST /api/v1/routes takes, so a restore
 * re-creates them through the API (checked, audited, seen by every replica). Pure.
 */
import { z } from "zod";
import { type CreateRouteBody, type ReplaceRouteBody, type Route, routeSchema } from "./routes";

export const ROUTES_BACKUP_FORMAT = "dubbo-console-routes";
export const ROUTES_BACKUP_VERSION = 1;

export const backupRouteSchema = routeSchema
  .pick({ registry: true, service: true, group: true, version: true, name: true, rule: true, priority: true, force: true, runtime: true, enabled: true, targets: true })
  .extend({
    /** Who wrote it (Route.origin.writer): only the console's own routes can be re-created through the API. */
    writer: z.enum(["console", "dubbo-admin", "other"]),
  });
export type BackupRoute = z.infer<typeof backupRouteSchema>;

export const routesBackupSchema = z.object({
  format: z.literal(ROUTES_BACKUP_FORMAT),
  version: z.literal(ROUTES_BACKUP_VERSION),
  /** When the routes were read, ms since the epoch. */
  exportedAt: z.number(),
  routes: z.array(backupRouteSchema),
});
export type RoutesBackup = z.infer<typeof routesBackupSchema>;

/** The backup of `routes` (in the API's order), read at `now`. */
export function toBackup(routes: readonly Route[], now: number): RoutesBackup {
  return {
    format: ROUTES_BACKUP_FORMAT,
    version: ROUTES_BACKUP_VERSION,
    exportedAt: now,
    routes: routes.map((r) => ({
      registry: r.registry,
      service: r.service,
      group: r.group,
      version: r.version,
      name: r.name,
      rule: r.rule,
      priority: r.priority,
      force: r.force,
      runtime: r.runtime,
      enabled: r.enabled,
      // The intent of a disabled route's withheld copy is kept, so a restore asks for it again.
      targets: r.configCenter === "withheld" || r.configCenter === "missing" ? ["registry", "config-center"] : r.targets,
      writer: r.origin.writer,
    })),
  };
}

/** The fields of a route an edit can set, as the backup holds them. */
function editable(entry: BackupRoute) {
  return { rule: entry.rule, priority: entry.priority, force: entry.force, runtime: entry.runtime, enabled: entry.enabled, targets: entry.targets };
}

/** The body of POST /api/v1/routes that re-creates `entry`, on `registry` when given, else on the one it came from. */
export function createBodyOf(entry: BackupRoute, registry?: string): CreateRouteBody {
  return { service: entry.service, group: entry.group, version: entry.version, name: entry.name, registry: registry ?? entry.registry, ...editable(entry) };
}

/** The body of PUT /api/v1/routes/{id} that sets the route read at `revision` to `entry`'s content. */
export function replaceBodyOf(entry: BackupRoute, revision: string): ReplaceRouteBody {
  return { revision, ...editable(entry) };
}

/** Whether `route` (as the API lists it) already holds what `entry` would restore. */
export function holdsBackup(route: Route, entry: BackupRoute): boolean {
  return (
    route.rule === entry.rule &&
    route.priority === entry.priority &&
    route.force === entry.force &&
    route.runtime === entry.runtime &&
    route.enabled === entry.enabled &&
    (route.configCenter !== "none") === entry.targets.includes("config-center")
  );
}
