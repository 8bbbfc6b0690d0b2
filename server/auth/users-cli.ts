import { createHash, randomBytes } from "node:crypto";
import { chmodSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { isConsoleError } from "@/lib/errors";
import type { Role } from "@/lib/auth/roles";
import { nameSchema } from "@/lib/auth/users-file";
import { addToken, addUser, listing, readUsersDocument, removeUser, revokeToken, roleNamesOf, setPassword, setRole, type UsersDocument, writeUsersDocument } from "@/lib/auth/users-file-edit";
import { hashPassword } from "./password";

export const USERS_USAGE =
  "usage: npm run users -- [--file PATH] add NAME --role ROLE | passwd NAME | role NAME ROLE | remove NAME | token NAME --role ROLE | revoke NAME | list";

/** The shortest password `add` and `passwd` accept. */
export const MIN_PASSWORD_LENGTH = 8;
/** Random bytes in a generated API token (base64url: 43 characters). */
export const TOKEN_BYTES = 32;

/** What the CLI touches outside the users file: the environment, the password source and output. */
export interface UsersCliIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The new password for `name`: from stdin, or prompted for without echo. */
  readonly readPassword: (name: string) => Promise<string>;
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  /** Random bytes for tokens (injectable for tests). */
  readonly random?: (n: number) => Buffer;
}

/** A mistake in the command line: one line, exit status 2. */
class UsageError extends Error {
  override name = "UsageError";
}

/**
 * Runs `npm run users -- <argv>` and answers the exit status: 0 done, 1 refused (no such
 * user, a name taken, an invalid file), 2 bad usage. Every error is one line on `err`. The
 * file is rewritten atomically (temp file + rename, mode 0600) in the format it had, and
 * only after the edit passed the console's own schema.
 */
export async function runUsersCli(argv: readonly string[], io: UsersCliIo): Promise<number> {
  try {
    await run(argv, io);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`users: ${e.message}`);
      io.err(USERS_USAGE);
      return 2;
    }
    if (isConsoleError(e)) {
      io.err(`users: ${e.message}`);
      return 1;
    }
    io.err(`users: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}

async function run(argv: readonly string[], io: UsersCliIo): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: { file: { type: "string" }, role: { type: "string" }, help: { type: "boolean", short: "h" } } });
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  const { positionals, values } = parsed;
  if (values.help) {
    io.out(USERS_USAGE);
    return;
  }
  const file = values.file ?? io.env.CONSOLE_USERS_FILE?.trim();
  if (!file) throw new UsageError("no users file: give --file PATH or set CONSOLE_USERS_FILE");
  const [command, ...args] = positionals;
  const arity = (n: number) => {
    if (args.length !== n) throw new UsageError(`${command} takes ${n === 1 ? "a name" : `${n} arguments`}, got ${args.length}`);
  };
  const name = () => checkName(args[0]);
  const roleOption = () => checkRole(values.role, "--role ROLE", file);
  if (values.role !== undefined && command !== "add" && command !== "token") throw new UsageError(`${command} takes no --role`);

  const edit = async (change: (doc: UsersDocument) => UsersDocument | Promise<UsersDocument>) => saveDocument(file, await change(loadDocument(file)));
  switch (command) {
    case "add": {
      arity(1);
      const [n, role] = [name(), roleOption()];
      const doc = loadDocument(file);
      addUser(doc, { name: n, role, password: "$argon2id$" }, file); // refuse a taken name before asking for a password
      saveDocument(file, addUser(doc, { name: n, role, password: await newPasswordHash(n, io) }, file));
      io.out(`added user ${n} (${role})`);
      return;
    }
    case "passwd": {
      arity(1);
      const n = name();
      const doc = loadDocument(file);
      setPassword(doc, n, "$argon2id$", file);
      saveDocument(file, setPassword(doc, n, await newPasswordHash(n, io), file));
      io.out(`changed the password of ${n}`);
      return;
    }
    case "role": {
      arity(2);
      const [n, role] = [name(), checkRole(args[1], "ROLE", file)];
      await edit((doc) => setRole(doc, n, role, file));
      io.out(`${n} is now ${role}`);
      return;
    }
    case "remove": {
      arity(1);
      const n = name();
      await edit((doc) => removeUser(doc, n, file));
      io.out(`removed user ${n}`);
      return;
    }
    case "token": {
      arity(1);
      const [n, role] = [name(), roleOption()];
      const token = (io.random ?? randomBytes)(TOKEN_BYTES).toString("base64url");
      await edit((doc) => addToken(doc, { name: n, role, hash: createHash("sha256").update(token, "utf8").digest("hex") }, file));
      io.err(`added token ${n} (${role}); it is shown this once, only its SHA-256 is kept:`);
      io.out(token);
      return;
    }
    case "revoke": {
      arity(1);
      const n = name();
      await edit((doc) => revokeToken(doc, n, file));
      io.out(`revoked token ${n}`);
      return;
    }
    case "list":
      arity(0);
      for (const line of listing(loadDocument(file))) io.out(line);
      return;
    case undefined:
      throw new UsageError("no command");
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

function checkName(value: string | undefined): string {
  const result = nameSchema.safeParse(value);
  if (!result.success) throw new UsageError(`"${value ?? ""}": ${result.error.issues[0]?.message ?? "not a name"}`);
  return result.data;
}

/** A role the file knows: a preset, or one its `roles:` defines (custom roles are written into the file by hand). */
function checkRole(value: string | undefined, what: string, file: string): Role {
  const known = roleNamesOf(loadDocument(file), file);
  if (value === undefined) throw new UsageError(`${what} is required (${known.join(", ")})`);
  if (!known.includes(value)) throw new UsageError(`"${value}" is not a role (${known.join(", ")}; define others under roles: in the users file)`);
  return value;
}

async function newPasswordHash(name: string, io: UsersCliIo): Promise<string> {
  const password = await io.readPassword(name);
  if (password.length < MIN_PASSWORD_LENGTH) throw new UsageError(`the password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  return hashPassword(password);
}

/** The file's document; a missing file is an empty one (in the format its name suggests). */
export function loadDocument(file: string): UsersDocument {
  let text: string | null;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    text = null;
  }
  return readUsersDocument(text, file);
}

/**
 * Writes the document atomically: a temp file beside `file` (mode 0600), then a rename, so
 * a console re-reading the file sees the old or the new one, never half of either.
 */
export function saveDocument(file: string, doc: UsersDocument): void {
  const text = writeUsersDocument(doc, file);
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    writeFileSync(temp, text, { mode: 0o600, flag: "wx" });
    chmodSync(temp, 0o600);
    renameSync(temp, file);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}
