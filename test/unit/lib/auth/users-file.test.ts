import { describe, expect, it } from "vitest";
import { parseUsersFile } from "@/lib/auth/users-file";
import { ConfigError } from "@/lib/errors";

const HASH = "$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo";
const TOKEN = "a".repeat(64);

function errorOf(text: string): string {
  try {
    parseUsersFile(text, "/etc/dc/users.yaml");
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error("no error");
}

describe("parseUsersFile", () => {
  it("reads users and tokens from YAML", () => {
    const file = parseUsersFile(`users:\n  - { name: alice, role: operator, password: "${HASH}" }\ntokens:\n  - { name: ci, role: invoker, hash: "${TOKEN.toUpperCase()}" }\n`, "/f");
    expect([...file.users.values()]).toEqual([{ name: "alice", role: "operator", password: HASH }]);
    expect(file.tokens).toEqual([{ name: "ci", role: "invoker", hash: TOKEN }]);
  });

  it("reads the same from JSON, and an empty file as nobody", () => {
    const file = parseUsersFile(JSON.stringify({ users: [{ name: "bob", role: "viewer", password: HASH }] }), "/f");
    expect([file.users.get("bob")?.role, file.tokens]).toEqual(["viewer", []]);
    expect(parseUsersFile("", "/f").users.size).toBe(0);
  });

  it("reads custom roles as sets of permissions beside the presets, and users and tokens may hold them", () => {
    const file = parseUsersFile(`roles:\n  tester: [read, invoke, invoke]\n  deployer: [routes.write]\nusers:\n  - { name: tess, role: tester, password: "${HASH}" }\ntokens:\n  - { name: ci, role: deployer, hash: "${TOKEN}" }\n`, "/f");
    expect(Object.fromEntries(file.roles)).toEqual({
      viewer: ["read"],
      operator: ["read", "routes.write", "configs.write"],
      invoker: ["read", "routes.write", "configs.write", "invoke"],
      admin: ["read", "routes.write", "configs.write", "invoke", "invoke.direct-url", "users.manage"],
      tester: ["read", "invoke"],
      deployer: ["routes.write"],
    });
    expect([file.users.get("tess")?.role, file.tokens[0]?.role]).toEqual(["tester", "deployer"]);
  });

  it.each([
    [`users:\n  - { name: a, role: viewer, password: "${HASH}" }\n  - { name: b, role: root, password: "${HASH}" }`, `invalid CONSOLE_USERS_FILE: /etc/dc/users.yaml: users[1].role: "root" is not a role (viewer, operator, invoker, admin; define it under roles:)`],
    [`roles: { tester: [read, invoke] }\ntokens:\n  - { name: ci, role: testers, hash: "${TOKEN}" }`, `invalid CONSOLE_USERS_FILE: /etc/dc/users.yaml: tokens[0].role: "testers" is not a role (viewer, operator, invoker, admin, tester; define it under roles:)`],
    [`roles: { tester: [read, invoke, write] }`, `invalid CONSOLE_USERS_FILE: /etc/dc/users.yaml: roles.tester[2]: "write" is not a permission (read, routes.write, configs.write, invoke, invoke.direct-url, users.manage)`],
    [`roles: { tester: read }`, "invalid CONSOLE_USERS_FILE: /etc/dc/users.yaml: roles.tester: a role must be a list of permissions"],
    [`roles: { operator: [read, invoke] }`, `invalid CONSOLE_USERS_FILE: /etc/dc/users.yaml: roles: "operator" is a preset role and cannot be redefined`],
    [`roles: { "two words": [read] }`, `invalid CONSOLE_USERS_FILE: /etc/dc/users.yaml: roles: "two words": role must be 1-64 letters, digits, '.', '_', '@' or '-', starting with a letter or digit`],
    [`roles: [tester]`, "invalid CONSOLE_USERS_FILE: /etc/dc/users.yaml: roles: roles must be a map of role name to a list of permissions"],
    [`users:\n  - { name: a, role: viewer, password: "hunter2" }`, "invalid CONSOLE_USERS_FILE: /etc/dc/users.yaml: users[0].password: password must be an argon2id hash ($argon2id$…), never the password itself"],
    [`tokens:\n  - { name: ci, role: admin, hash: "abc" }`, "invalid CONSOLE_USERS_FILE: /etc/dc/users.yaml: tokens[0].hash: hash must be the SHA-256 of the token, 64 hex digits"],
    [`users:\n  - { name: a, role: viewer, password: "${HASH}" }\n  - { name: a, role: admin, password: "${HASH}" }`, 'invalid CONSOLE_USERS_FILE: /etc/dc/users.yaml: users[1].name: "a" appears twice'],
    [`users: {}`, "invalid CONSOLE_USERS_FILE: /etc/dc/users.yaml: users: users must be a list"],
    [`users: [ {`, expect.stringMatching(/^invalid CONSOLE_USERS_FILE: \/etc\/dc\/users.yaml: not YAML or JSON: /)],
  ])("refuses a bad entry with a message naming the file and entry: %#", (text, message) => {
    expect(errorOf(text)).toEqual(message);
  });

  it("never quotes a password in its message", () => {
    expect(errorOf(`users:\n  - { name: a, role: viewer, password: "my-secret-pw" }`)).not.toContain("my-secret-pw");
  });
});
