import { describe, expect, it } from "vitest";
import { parseAuthConfig } from "@/server/runtime/auth-config";

const SECRET = "s".repeat(32);
const TOKEN = "t".repeat(32);

function errorOf(env: Record<string, string>): string {
  try {
    parseAuthConfig(env);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error("no error");
}

describe("parseAuthConfig", () => {
  it("is off when CONSOLE_AUTH=off, even in production", () => {
    expect(parseAuthConfig({ CONSOLE_AUTH: "off", NODE_ENV: "production" })).toEqual({ mode: "off", explicit: true });
  });

  it("is off, implicitly, outside production with nothing configured", () => {
    expect(parseAuthConfig({ NODE_ENV: "development" })).toEqual({ mode: "off", explicit: false });
  });

  it("refuses a production start with nobody configured, in one line naming the variables", () => {
    const message = errorOf({ NODE_ENV: "production" });
    expect(message).toMatch(/^no users or API token configured: set CONSOLE_USERS_FILE .* or CONSOLE_API_TOKEN .*, or CONSOLE_AUTH=off/);
    expect(message).not.toContain("\n");
    expect(errorOf({ CONSOLE_AUTH: "on" })).toBe(message);
  });

  it("keeps only the SHA-256 of the environment's token", () => {
    const config = parseAuthConfig({ CONSOLE_API_TOKEN: TOKEN });
    expect(config).toMatchObject({ mode: "on", usersFile: null, sessionSecret: null, sessionTtlSeconds: 28_800 });
    expect(JSON.stringify(config)).not.toContain(TOKEN);
  });

  it("reads a users file, its session secret and TTL", () => {
    expect(parseAuthConfig({ CONSOLE_USERS_FILE: "/etc/dc/users.yaml", CONSOLE_SESSION_SECRET: SECRET, CONSOLE_SESSION_TTL: "3600" })).toEqual({
      mode: "on",
      usersFile: "/etc/dc/users.yaml",
      apiTokenSha256: null,
      sessionSecret: SECRET,
      sessionTtlSeconds: 3600,
    });
  });

  it.each([
    [{ CONSOLE_AUTH: "maybe" }, 'invalid CONSOLE_AUTH: "maybe" is not "on" or "off"'],
    [{ CONSOLE_USERS_FILE: "/u.yaml" }, "invalid CONSOLE_SESSION_SECRET: not set: it must be at least 32 characters when CONSOLE_USERS_FILE is set (the same on every replica)"],
    [{ CONSOLE_USERS_FILE: "/u.yaml", CONSOLE_SESSION_SECRET: "short" }, "invalid CONSOLE_SESSION_SECRET: too short: it must be at least 32 characters when CONSOLE_USERS_FILE is set (the same on every replica)"],
    [{ CONSOLE_USERS_FILE: "users.yaml", CONSOLE_SESSION_SECRET: SECRET }, 'invalid CONSOLE_USERS_FILE: "users.yaml" is not an absolute path'],
    [{ CONSOLE_API_TOKEN: "short" }, "invalid CONSOLE_API_TOKEN: the token is shorter than 24 characters"],
    [{ CONSOLE_API_TOKEN: TOKEN, CONSOLE_SESSION_TTL: "10" }, 'invalid CONSOLE_SESSION_TTL: "10" is not a whole number of seconds from 60 to 2592000'],
  ])("refuses %j: %s", (env, message) => {
    expect(errorOf(env)).toBe(message);
  });
});
