import { createHash, randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";
import { type Permission, PRESET_ROLE_NAMES } from "@/lib/auth/roles";
import { hashPassword } from "@/server/auth/password";

/** The custom roles the test users file defines: `tester` may read and invoke, and not write routes. */
export const CUSTOM_TEST_ROLES = { tester: ["read", "invoke"] } as const satisfies Record<string, readonly Permission[]>;
/** Every role the test users file has a user and a token of: the presets, then the custom ones. */
export const TEST_ROLES = [...PRESET_ROLE_NAMES, ...(Object.keys(CUSTOM_TEST_ROLES) as (keyof typeof CUSTOM_TEST_ROLES)[])] as const;
/** A role of the test users file. */
export type TestRole = (typeof TEST_ROLES)[number];

/** One user or token per role: the user `name` is the role's name, the token's `<role>-token`. */
export interface TestUsers {
  /** The users file written (absolute). */
  readonly path: string;
  /** A random session secret for CONSOLE_SESSION_SECRET. */
  readonly sessionSecret: string;
  readonly passwords: Readonly<Record<TestRole, string>>;
  readonly tokens: Readonly<Record<TestRole, string>>;
  /** CONSOLE_USERS_FILE and CONSOLE_SESSION_SECRET, for launchConsole's env. */
  readonly env: Readonly<Record<string, string>>;
}

/** A random secret of `bytes` random bytes, base64url: passwords, tokens and the session secret. */
export function randomSecret(bytes = 24): string {
  return randomBytes(bytes).toString("base64url");
}

/** The SHA-256 hex of `token`, as the users file keeps it. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Writes `users.yaml` in `dir` with the users admin, operator, invoker, viewer and tester
 * (each with a random password, hashed with argon2id) and a token per role, all random;
 * `roles:` defines the custom role tester (CUSTOM_TEST_ROLES).
 * `only` leaves out users (to test a removed user by writing the file again).
 */
export async function writeUsersFile(dir: string, previous?: TestUsers, only: readonly TestRole[] = TEST_ROLES): Promise<TestUsers> {
  const passwords = previous?.passwords ?? (Object.fromEntries(TEST_ROLES.map((r) => [r, randomSecret(12)])) as Record<TestRole, string>);
  const tokens = previous?.tokens ?? (Object.fromEntries(TEST_ROLES.map((r) => [r, randomSecret(32)])) as Record<TestRole, string>);
  const users = await Promise.all(only.map(async (role) => ({ name: role, role, password: await hashPassword(passwords[role]) })));
  const path = join(dir, "users.yaml");
  writeFileSync(path, stringify({ roles: CUSTOM_TEST_ROLES, users, tokens: only.map((role) => ({ name: `${role}-token`, role, hash: tokenHash(tokens[role]) })) }), { mode: 0o600 });
  const sessionSecret = previous?.sessionSecret ?? randomSecret(32);
  return { path, sessionSecret, passwords, tokens, env: { CONSOLE_USERS_FILE: path, CONSOLE_SESSION_SECRET: sessionSecret } };
}
