/**
 * The console's permissions and roles. A permission is one capability; a role is a named
 * SET of permissions, so any combination can be granted (test-invoke without route writes,
 * say). Four roles are presets, with the meaning they always had:
 *
 * - `viewer`: `read` (browse the registry, read routes and the audit trail, preview routes);
 * - `operator`: + `routes.write` (create, edit, enable, disable, delete and roll back routes)
 *   and `configs.write` (overrides: configs, and taking providers offline or reweighting them);
 * - `invoker`: + `invoke` (test-invoke provider methods of registered providers);
 * - `admin`: every permission, `invoke.direct-url` and `users.manage` included.
 *
 * The users file may define more roles (`roles: { tester: [read, invoke] }`, see
 * ./users-file.ts); a role's name resolves to its permissions through a {@link RoleTable}.
 *
 * Pure: the server enforces these on every API route (`can(actor, permission)`), the UI
 * reads the signed-in user's permissions to hide what they cannot do.
 */

/**
 * Every permission, in the order they are listed:
 *
 * - `read`: every read-only API (GET, the route preview);
 * - `routes.write`: every write of routes (routers category and config center, tag routes);
 * - `configs.write`: every write of overrides (configs, provider offline/online/weight);
 * - `invoke`: POST /api/v1/invoke against the service's registered providers;
 * - `invoke.direct-url`: a direct `url` that is not a registered provider of the service,
 *   within the operator's allowlist (CONSOLE_DIRECT_URLS); it adds to `invoke` and grants
 *   nothing alone;
 * - `users.manage`: GET /api/v1/users.
 */
export const PERMISSIONS = ["read", "routes.write", "configs.write", "invoke", "invoke.direct-url", "users.manage"] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What an API method needs: a permission, or `public` (anyone, signed in or not: health probes, the sign-in itself). */
export type Requirement = Permission | "public";

/** The preset roles and their permissions; the users file cannot redefine them. */
export const PRESET_ROLES = {
  viewer: ["read"],
  operator: ["read", "routes.write", "configs.write"],
  invoker: ["read", "routes.write", "configs.write", "invoke"],
  admin: [...PERMISSIONS],
} as const satisfies Record<string, readonly Permission[]>;
export type PresetRole = keyof typeof PRESET_ROLES;
/** The preset roles' names, from the least to the most allowed. */
export const PRESET_ROLE_NAMES = Object.keys(PRESET_ROLES) as PresetRole[];

/** A role's name: a preset's, or one the users file defines. */
export type Role = string;

/** Each role's permissions by name: the presets, plus the users file's own roles. */
export type RoleTable = ReadonlyMap<Role, readonly Permission[]>;

/** The table of the preset roles alone. */
export const PRESET_TABLE: RoleTable = new Map(Object.entries(PRESET_ROLES));

/** Whether `value` names a permission. */
export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && (PERMISSIONS as readonly string[]).includes(value);
}

/** Whether `name` is a preset role. */
export function isPresetRole(name: string): name is PresetRole {
  return Object.hasOwn(PRESET_ROLES, name);
}

/** The presets plus `custom` (already validated: names not presets, permissions known). */
export function roleTable(custom: Readonly<Record<string, readonly Permission[]>> = {}): RoleTable {
  return new Map([...PRESET_TABLE, ...Object.entries(custom).map(([name, set]) => [name, [...new Set(set)]] as const)]);
}

/** Who holds permissions: an actor, a signed-in user as the session API answers it. */
export interface Grants {
  readonly permissions: readonly Permission[];
}

/** Whether `who` may do what `requirement` guards. */
export function can(who: Grants, requirement: Requirement): boolean {
  return requirement === "public" || who.permissions.includes(requirement);
}

/** The permissions of role `role` in `table`, or undefined for a role the table does not define. */
export function permissionsOf(role: Role, table: RoleTable = PRESET_TABLE): readonly Permission[] | undefined {
  return table.get(role);
}
