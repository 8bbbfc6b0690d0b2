/**
 * Edits of the users file (lib/auth/users-file.ts) as `npm run users` makes them: pure
 * functions from one document to the next, and its text in the format it was read in.
 * Every edit is checked against the same schema the console reads the file with, so what
 * is written is always a file the console accepts.
 */
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { ConsoleError } from "../errors";
import type { Role } from "./roles";
import { parseUsersFile } from "./users-file";

/** The file's text format: kept as it was when the file is rewritten. */
export type UsersFileFormat = "yaml" | "json";

/** A user entry as stored: `password` is the argon2id hash. */
export interface StoredUser {
  name: string;
  role: Role;
  password: string;
}

/** A token entry as stored: `hash` is the SHA-256 hex of the token. */
export interface StoredToken {
  name: string;
  role: Role;
  hash: string;
}

/** The users file as a plain document; other top-level keys (`roles` among them) are kept as they were. */
export interface UsersDocument {
  readonly format: UsersFileFormat;
  readonly users: readonly StoredUser[];
  readonly tokens: readonly StoredToken[];
  readonly rest: Readonly<Record<string, unknown>>;
}

/** Why an edit was refused (no such user, a name already taken): one line, exit status 1. */
export class UsersEditError extends ConsoleError {
  constructor(file: string, reason: string) {
    super("config_invalid", `${file}: ${reason}`);
    this.name = "UsersEditError";
  }
}

/** The format of a users file: JSON when its text is a JSON object, else YAML. A new file's from its name. */
export function formatOf(text: string | null, file: string): UsersFileFormat {
  if (text === null || text.trim() === "") return /\.json$/i.test(file) ? "json" : "yaml";
  return text.trimStart().startsWith("{") ? "json" : "yaml";
}

/**
 * Reads the document from `text` (null: no file yet, an empty document). Validates it
 * first, so an invalid file is reported (ConfigError naming the entry) and never rewritten.
 */
export function readUsersDocument(text: string | null, file: string): UsersDocument {
  const format = formatOf(text, file);
  if (text === null || text.trim() === "") return { format, users: [], tokens: [], rest: {} };
  parseUsersFile(text, file);
  const value = (parseYaml(text) ?? {}) as Record<string, unknown>;
  const { users = [], tokens = [], ...rest } = value;
  return { format, users: users as StoredUser[], tokens: tokens as StoredToken[], rest };
}

/** The document's text in its format; throws ConfigError if it would not parse back (it always should). */
export function writeUsersDocument(doc: UsersDocument, file: string): string {
  const value = { ...doc.rest, users: doc.users, tokens: doc.tokens };
  const text = doc.format === "json" ? `${JSON.stringify(value, null, 2)}\n` : stringifyYaml(value);
  parseUsersFile(text, file);
  return text;
}

function requireUser(doc: UsersDocument, name: string, file: string): void {
  if (!doc.users.some((u) => u.name === name)) throw new UsersEditError(file, `no user "${name}"`);
}

/**
 * The role names `doc` may give a user or token: the presets, then those its `roles:`
 * defines (the document was validated when read, so its roles are well-formed).
 */
export function roleNamesOf(doc: UsersDocument, file: string): string[] {
  const text = writeUsersDocument(doc, file);
  return [...parseUsersFile(text, file).roles.keys()];
}

/** Adds user `name`; refuses a name already there. */
export function addUser(doc: UsersDocument, user: StoredUser, file: string): UsersDocument {
  if (doc.users.some((u) => u.name === user.name)) throw new UsersEditError(file, `user "${user.name}" already exists (use passwd or role to change it)`);
  return { ...doc, users: [...doc.users, user] };
}

/** Replaces the password hash of user `name`. */
export function setPassword(doc: UsersDocument, name: string, hash: string, file: string): UsersDocument {
  requireUser(doc, name, file);
  return { ...doc, users: doc.users.map((u) => (u.name === name ? { ...u, password: hash } : u)) };
}

/** Gives user `name` another role (their open sessions end at their next request). */
export function setRole(doc: UsersDocument, name: string, role: Role, file: string): UsersDocument {
  requireUser(doc, name, file);
  return { ...doc, users: doc.users.map((u) => (u.name === name ? { ...u, role } : u)) };
}

/** Removes user `name`. */
export function removeUser(doc: UsersDocument, name: string, file: string): UsersDocument {
  requireUser(doc, name, file);
  return { ...doc, users: doc.users.filter((u) => u.name !== name) };
}

/** Adds token `name`; refuses a name already there. */
export function addToken(doc: UsersDocument, token: StoredToken, file: string): UsersDocument {
  if (doc.tokens.some((t) => t.name === token.name)) throw new UsersEditError(file, `token "${token.name}" already exists (revoke it first)`);
  return { ...doc, tokens: [...doc.tokens, token] };
}

/** Removes token `name`. */
export function revokeToken(doc: UsersDocument, name: string, file: string): UsersDocument {
  if (!doc.tokens.some((t) => t.name === name)) throw new UsersEditError(file, `no token "${name}"`);
  return { ...doc, tokens: doc.tokens.filter((t) => t.name !== name) };
}

/** The listing `list` prints: names and roles, never a hash. */
export function listing(doc: UsersDocument): string[] {
  const lines = doc.users.map((u) => `user   ${u.name.padEnd(24)} ${u.role}`);
  lines.push(...doc.tokens.map((t) => `token  ${t.name.padEnd(24)} ${t.role}`));
  return lines.length === 0 ? ["(no users or tokens)"] : lines;
}
