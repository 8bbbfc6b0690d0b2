/**
 * The users file (`CONSOLE_USERS_FILE`): who may sign in, which API tokens exist, and each
 * one's role. YAML or JSON (JSON is YAML), validated here; pure, the reading is elsewhere.
 *
 * ```yaml
 * roles:                      # optional: roles of its own, each a set of permissions (lib/auth/roles.ts)
 *   tester: [read, invoke]
 * users:
 *   - { name: alice, role: operator, password: "$argon2id$v=19$m=65536,t=3,p=4$…" }
 * tokens:
 *   - { name: ci, role: invoker, hash: "<sha-256 hex of the token>" }
 * ```
 *
 * Passwords are argon2id hashes (memory-hard: a leaked file does not give them away);
 * tokens are long random strings, so a fast SHA-256 is enough for them.
 */
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { ConfigError } from "../errors";
import { isPermission, isPresetRole, type Permission, PERMISSIONS, type Role, type RoleTable, roleTable } from "./roles";

/** A user's or token's name, as the users file allows it. */
export const nameSchema = z
  .string({ error: "name must be a string" })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/, "name must be 1-64 letters, digits, '.', '_', '@' or '-', starting with a letter or digit");
/** A role's name: the name rule of users, so a role name is never odd in a log or a listing. */
const roleSchema = z.string({ error: "role must be a string" }).regex(/^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/, "role must be 1-64 letters, digits, '.', '_', '@' or '-', starting with a letter or digit");
const permissionSchema = z.string({ error: "a permission must be a string" }).refine(isPermission, {
  error: (issue) => `"${String(issue.input)}" is not a permission (${PERMISSIONS.join(", ")})`,
});
const rolesSchema = z.record(z.string(), z.array(permissionSchema, { error: "a role must be a list of permissions" }), { error: "roles must be a map of role name to a list of permissions" });

const userSchema = z.object({
  name: nameSchema,
  role: roleSchema,
  password: z.string({ error: "password must be a string" }).startsWith("$argon2id$", "password must be an argon2id hash ($argon2id$…), never the password itself"),
});
const tokenSchema = z.object({
  name: nameSchema,
  role: roleSchema,
  hash: z
    .string({ error: "hash must be a string" })
    .regex(/^[0-9a-fA-F]{64}$/, "hash must be the SHA-256 of the token, 64 hex digits")
    .transform((h) => h.toLowerCase()),
});
const fileSchema = z.object({
  roles: rolesSchema.default({}),
  users: z.array(userSchema, { error: "users must be a list" }).default([]),
  tokens: z.array(tokenSchema, { error: "tokens must be a list" }).default([]),
});

/** A user who may sign in with a password. */
export interface UserEntry {
  readonly name: string;
  readonly role: Role;
  /** The argon2id hash (PHC string) of the password. */
  readonly password: string;
}

/** An API token: only the SHA-256 (lower-case hex) of the token is kept. */
export interface TokenEntry {
  readonly name: string;
  readonly role: Role;
  readonly hash: string;
}

/**
 * The users file, validated: names are unique among users and among tokens, and every
 * user's and token's role is in `roles` (the presets plus the file's own).
 */
export interface UsersFile {
  readonly users: ReadonlyMap<string, UserEntry>;
  readonly tokens: readonly TokenEntry[];
  readonly roles: RoleTable;
}

export const EMPTY_USERS_FILE: UsersFile = { users: new Map(), tokens: [], roles: roleTable() };

/**
 * Parses the text of the users file at `file` (named in every error). Throws a ConfigError
 * naming the file and the bad entry: `invalid CONSOLE_USERS_FILE: /etc/dc/users.yaml: users[1].role: role must be …`.
 * The message never quotes a password hash or a token hash.
 */
export function parseUsersFile(text: string, file: string): UsersFile {
  let value: unknown;
  try {
    value = parseYaml(text);
  } catch (e) {
    throw fileError(file, `not YAML or JSON: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`);
  }
  const result = fileSchema.safeParse(value ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("") || "(file)";
    throw fileError(file, `${where}: ${issue?.message ?? "invalid"}`);
  }
  for (const name of Object.keys(result.data.roles)) {
    const named = roleSchema.safeParse(name);
    if (!named.success) throw fileError(file, `roles: "${name}": ${named.error.issues[0]?.message ?? "not a role name"}`);
    if (isPresetRole(name)) throw fileError(file, `roles: "${name}" is a preset role and cannot be redefined`);
  }
  const roles = roleTable(result.data.roles as Record<string, Permission[]>);
  const checkRole = (where: string, role: string) => {
    if (!roles.has(role)) throw fileError(file, `${where}.role: "${role}" is not a role (${[...roles.keys()].join(", ")}; define it under roles:)`);
  };
  const users = new Map<string, UserEntry>();
  result.data.users.forEach((u, i) => {
    if (users.has(u.name)) throw fileError(file, `users[${i}].name: "${u.name}" appears twice`);
    checkRole(`users[${i}]`, u.role);
    users.set(u.name, u);
  });
  const tokenNames = new Set<string>();
  result.data.tokens.forEach((t, i) => {
    if (tokenNames.has(t.name)) throw fileError(file, `tokens[${i}].name: "${t.name}" appears twice`);
    checkRole(`tokens[${i}]`, t.role);
    tokenNames.add(t.name);
  });
  return { users, tokens: result.data.tokens, roles };
}

function fileError(file: string, reason: string): ConfigError {
  return new ConfigError("CONSOLE_USERS_FILE", `${file}: ${reason}`);
}
