/**
 * The users file (`CONSOLE_USERS_FILE`): who may sign in, which API tokens exist, and each
 * one's role. YAML or JSON (JSON is YAML), validated here; pure, the reading is elsewhere.
 *
 * ```yaml
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
import { ROLES, type Role } from "./roles";

/** A user's or token's name, as the users file allows it. */
export const nameSchema = z
  .string({ error: "name must be a string" })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/, "name must be 1-64 letters, digits, '.', '_', '@' or '-', starting with a letter or digit");
const roleSchema = z.enum(ROLES, { error: `role must be one of ${ROLES.join(", ")}` });

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

/** The users file, validated: names are unique among users and among tokens. */
export interface UsersFile {
  readonly users: ReadonlyMap<string, UserEntry>;
  readonly tokens: readonly TokenEntry[];
}

export const EMPTY_USERS_FILE: UsersFile = { users: new Map(), tokens: [] };

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
  const users = new Map<string, UserEntry>();
  result.data.users.forEach((u, i) => {
    if (users.has(u.name)) throw fileError(file, `users[${i}].name: "${u.name}" appears twice`);
    users.set(u.name, u);
  });
  const tokenNames = new Set<string>();
  result.data.tokens.forEach((t, i) => {
    if (tokenNames.has(t.name)) throw fileError(file, `tokens[${i}].name: "${t.name}" appears twice`);
    tokenNames.add(t.name);
  });
  return { users, tokens: result.data.tokens };
}

function fileError(file: string, reason: string): ConfigError {
  return new ConfigError("CONSOLE_USERS_FILE", `${file}: ${reason}`);
}
