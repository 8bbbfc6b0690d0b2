/**
 * The console's roles and what each may do. The roles form a ladder: each role may do all
 * that the one below it may, and more.
 *
 * - `viewer`: browse the registry, read routes and the audit trail, preview routes;
 * - `operator`: + create, edit, enable, disable and delete routes (and roll them back);
 * - `invoker`: + test-invoke provider methods;
 * - `admin`: everything, users included.
 *
 * Pure: the server enforces these on every API route, the UI reads them to hide what the
 * signed-in role cannot do.
 */
export const ROLES = ["viewer", "operator", "invoker", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** What a request needs: each API method declares one. */
export const PERMISSIONS = {
  /** Anyone, signed in or not (health probes, the sign-in itself). */
  public: null,
  read: "viewer",
  "routes.write": "operator",
  invoke: "invoker",
  "users.manage": "admin",
} as const satisfies Record<string, Role | null>;
export type Permission = keyof typeof PERMISSIONS;

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Whether `role` may do what `permission` guards. */
export function can(role: Role, permission: Permission): boolean {
  const needed = PERMISSIONS[permission];
  return needed === null || ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/** The lowest role that may do what `permission` guards; null for a public permission. */
export function roleFor(permission: Permission): Role | null {
  return PERMISSIONS[permission];
}
