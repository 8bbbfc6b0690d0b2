import { describe, expect, it } from "vitest";
import { can, type Permission, PERMISSIONS, permissionsOf, PRESET_ROLE_NAMES, roleTable } from "@/lib/auth/roles";

describe("the preset roles", () => {
  // The presets keep the meaning the ladder had: each has its own and every one before it.
  const table: Record<Permission, readonly boolean[]> = {
    read: [true, true, true, true],
    "routes.write": [false, true, true, true],
    "configs.write": [false, true, true, true],
    invoke: [false, false, true, true],
    "invoke.direct-url": [false, false, false, true],
    "users.manage": [false, false, false, true],
  };

  it.each(PERMISSIONS)("grants %s to the presets as the ladder did", (permission) => {
    expect(PRESET_ROLE_NAMES.map((role) => can({ permissions: permissionsOf(role) ?? [] }, permission))).toEqual(table[permission]);
  });

  it("lets anyone through a public requirement, even a role with no permission", () => {
    expect(can({ permissions: [] }, "public")).toBe(true);
  });
});

describe("custom roles", () => {
  it("grants a custom role exactly its set: invoke without route writes", () => {
    const table = roleTable({ tester: ["read", "invoke"] });
    const tester = { permissions: permissionsOf("tester", table) ?? [] };
    expect(PERMISSIONS.filter((p) => can(tester, p))).toEqual(["read", "invoke"]);
  });

  it("keeps the presets in a table with custom roles, and knows no role it was not given", () => {
    const table = roleTable({ tester: ["invoke"] });
    expect([...table.keys()]).toEqual(["viewer", "operator", "invoker", "admin", "tester"]);
    expect(permissionsOf("root", table)).toBeUndefined();
  });
});
