import { describe, expect, it } from "vitest";
import { can, PERMISSIONS, type Permission, ROLES, roleFor } from "@/lib/auth/roles";

describe("the role ladder", () => {
  const table: Record<Permission, readonly boolean[]> = {
    public: [true, true, true, true],
    read: [true, true, true, true],
    "routes.write": [false, true, true, true],
    invoke: [false, false, true, true],
    "users.manage": [false, false, false, true],
  };

  it.each(Object.keys(PERMISSIONS) as Permission[])("grants %s to exactly the roles from its own up", (permission) => {
    expect(ROLES.map((role) => can(role, permission))).toEqual(table[permission]);
    expect(roleFor(permission)).toBe(permission === "public" ? null : ROLES[table[permission].indexOf(true)]);
  });
});
