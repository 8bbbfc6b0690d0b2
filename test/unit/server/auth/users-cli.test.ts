import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseUsersFile } from "@/lib/auth/users-file";
import { verifyPassword } from "@/server/auth/password";
import { runUsersCli, type UsersCliIo } from "@/server/auth/users-cli";
import { UsersStore } from "@/server/auth/users-store";

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "users-cli-"));
  file = join(dir, "users.yaml");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the CLI with `password` as what stdin or the prompt gives; answers the status and output. */
async function cli(argv: string[], password = "correct horse", env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: UsersCliIo = { env, readPassword: async () => password, out: (l) => out.push(l), err: (l) => err.push(l), random: (n) => Buffer.alloc(n, 7) };
  const status = await runUsersCli(argv, io);
  return { status, out, err };
}

const read = (path = file) => parseUsersFile(readFileSync(path, "utf8"), path);

describe("npm run users", () => {
  it("adds a user with an argon2id hash of the password, in a new file of mode 0600", async () => {
    expect(await cli(["--file", file, "add", "alice", "--role", "operator"])).toMatchObject({ status: 0, out: ["added user alice (operator)"] });
    const alice = read().users.get("alice");
    expect(alice?.role).toBe("operator");
    expect(alice?.password).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(alice?.password, "correct horse")).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(["users.yaml"]);
  });

  it("refuses to add a name that exists, before asking for a password, and leaves the file as it was", async () => {
    await cli(["--file", file, "add", "alice", "--role", "viewer"]);
    const before = readFileSync(file, "utf8");
    let asked = false;
    const status = await runUsersCli(["--file", file, "add", "alice", "--role", "admin"], {
      env: {},
      readPassword: async () => ((asked = true), "another one"),
      out: () => undefined,
      err: () => undefined,
    });
    expect([status, asked, readFileSync(file, "utf8")]).toEqual([1, false, before]);
  });

  it("changes a password with passwd: the new one verifies, the old one no longer does", async () => {
    await cli(["--file", file, "add", "bob", "--role", "viewer"], "first password");
    expect((await cli(["--file", file, "passwd", "bob"], "second password")).status).toBe(0);
    const hash = read().users.get("bob")?.password;
    expect([await verifyPassword(hash, "second password"), await verifyPassword(hash, "first password")]).toEqual([true, false]);
  });

  it("changes a role and removes a user", async () => {
    await cli(["--file", file, "add", "carol", "--role", "viewer"]);
    await cli(["--file", file, "add", "dave", "--role", "viewer"]);
    expect(await cli(["--file", file, "role", "carol", "admin"])).toMatchObject({ status: 0, out: ["carol is now admin"] });
    expect((await cli(["--file", file, "remove", "dave"])).status).toBe(0);
    expect([...read().users.values()].map((u) => [u.name, u.role])).toEqual([["carol", "admin"]]);
  });

  it("generates a token, prints it once on stdout and keeps only its SHA-256", async () => {
    const { status, out } = await cli(["--file", file, "token", "ci", "--role", "invoker"]);
    const token = Buffer.alloc(32, 7).toString("base64url");
    expect([status, out]).toEqual([0, [token]]);
    expect(read().tokens).toEqual([{ name: "ci", role: "invoker", hash: createHash("sha256").update(token).digest("hex") }]);
    expect(readFileSync(file, "utf8")).not.toContain(token);
    expect((await cli(["--file", file, "token", "ci", "--role", "viewer"])).status).toBe(1);
  });

  it("revokes a token, and says so for a token that is not there", async () => {
    await cli(["--file", file, "token", "ci", "--role", "viewer"]);
    expect((await cli(["--file", file, "revoke", "ci"])).status).toBe(0);
    expect(read().tokens).toEqual([]);
    expect(await cli(["--file", file, "revoke", "ci"])).toMatchObject({ status: 1, err: [`users: ${file}: no token "ci"`] });
  });

  it("lists names and roles, never a hash", async () => {
    await cli(["--file", file, "add", "alice", "--role", "operator"]);
    await cli(["--file", file, "token", "ci", "--role", "invoker"]);
    const { status, out } = await cli(["--file", file, "list"]);
    expect(status).toBe(0);
    expect(out.map((l) => l.split(/\s+/))).toEqual([
      ["user", "alice", "operator"],
      ["token", "ci", "invoker"],
    ]);
    expect(out.join("\n")).not.toMatch(/argon2|[0-9a-f]{64}/);
  });

  it("takes the file from CONSOLE_USERS_FILE when --file is not given", async () => {
    expect((await cli(["add", "erin", "--role", "viewer"], "correct horse", { CONSOLE_USERS_FILE: file })).status).toBe(0);
    expect(read().users.has("erin")).toBe(true);
  });

  it("keeps a JSON file JSON, and the keys it does not manage", async () => {
    const json = join(dir, "users.json");
    writeFileSync(json, JSON.stringify({ users: [], tokens: [] }));
    await cli(["--file", json, "add", "frank", "--role", "invoker"]);
    const value = JSON.parse(readFileSync(json, "utf8")) as { users: { name: string }[] };
    expect(value.users.map((u) => u.name)).toEqual(["frank"]);
    expect(read(json).users.get("frank")?.role).toBe("invoker");
  });

  it("refuses to rewrite a file that is not valid, naming the bad entry", async () => {
    writeFileSync(file, "users:\n  - { name: x, role: root, password: $argon2id$y }\n");
    const { status, err } = await cli(["--file", file, "remove", "x"]);
    expect(status).toBe(1);
    expect(err).toEqual([expect.stringContaining("users[0].role")]);
    expect(readFileSync(file, "utf8")).toContain("root");
  });

  it.each([
    [[], "no users file"],
    [["--file", "/tmp/x.yaml"], "no command"],
    [["--file", "/tmp/x.yaml", "add", "alice"], "--role ROLE is required"],
    [["--file", "/tmp/x.yaml", "add", "alice", "--role", "root"], '"root" is not a role'],
    [["--file", "/tmp/x.yaml", "role", "alice"], "role takes 2 arguments"],
    [["--file", "/tmp/x.yaml", "remove", "bad name!"], "name must be"],
    [["--file", "/tmp/x.yaml", "list", "--role", "admin"], "list takes no --role"],
    [["--file", "/tmp/x.yaml", "--colour"], "Unknown option"],
    [["--file", "/tmp/x.yaml", "frobnicate"], 'unknown command "frobnicate"'],
  ])("exits 2 on bad usage %j with one line that says why", async (argv, why) => {
    const { status, err } = await cli(argv);
    expect(status).toBe(2);
    expect(err[0]).toContain(why);
    expect(err[1]).toMatch(/^usage: /);
  });

  it("gives users and tokens a role the file's roles: defines, keeps the roles, and names them when refusing another", async () => {
    writeFileSync(file, "roles:\n  tester: [read, invoke]\nusers: []\n");
    expect(await cli(["--file", file, "add", "carol", "--role", "tester"])).toMatchObject({ status: 0, out: ["added user carol (tester)"] });
    expect(await cli(["--file", file, "token", "qa", "--role", "tester"])).toMatchObject({ status: 0 });
    expect([read().users.get("carol")?.role, read().tokens[0]?.role, read().roles.get("tester")]).toEqual(["tester", "tester", ["read", "invoke"]]);
    const { status, err } = await cli(["--file", file, "role", "carol", "testers"]);
    expect([status, err[0]]).toEqual([2, 'users: "testers" is not a role (viewer, operator, invoker, admin, tester; define others under roles: in the users file)']);
  });

  it("refuses a password shorter than 8 characters", async () => {
    expect(await cli(["--file", file, "add", "gina", "--role", "viewer"], "short")).toMatchObject({ status: 2 });
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a running console's users store picks up each change", async () => {
    await cli(["--file", file, "add", "alice", "--role", "viewer"]);
    const store = new UsersStore(file);
    expect(store.current().users.get("alice")?.role).toBe("viewer");
    await cli(["--file", file, "role", "alice", "operator"]);
    expect(store.current().users.get("alice")?.role).toBe("operator");
    await cli(["--file", file, "token", "ci", "--role", "admin"]);
    expect(store.current().tokens.map((t) => t.name)).toEqual(["ci"]);
    await cli(["--file", file, "remove", "alice"]);
    expect(store.current().users.has("alice")).toBe(false);
  });
});
