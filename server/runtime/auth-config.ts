import { createHash } from "node:crypto";
import { isAbsolute } from "node:path";
import { AuthNotConfiguredError } from "@/server/errors/auth-errors";
import { ConfigError } from "@/lib/errors";

/**
 * How the console authenticates, from the environment:
 *
 * - `off`: every request is the anonymous admin. Only when `CONSOLE_AUTH=off` is set, or,
 *   outside production (`next dev`, tests), when nothing is configured; `explicit` says which;
 * - `on`: users from `usersFile` sign in (sessions sealed with `sessionSecret`) and API
 *   tokens from it, plus `CONSOLE_API_TOKEN` as the admin token `env-token`, are accepted.
 *
 * Never logged: it holds the session secret. The environment's token is kept only as its SHA-256.
 */
export type AuthConfig =
  | { readonly mode: "off"; readonly explicit: boolean }
  | {
      readonly mode: "on";
      /** Absolute path of the users file, or null for token-only. */
      readonly usersFile: string | null;
      /** SHA-256 of CONSOLE_API_TOKEN, or null. */
      readonly apiTokenSha256: Buffer | null;
      /** Seals session cookies; set whenever usersFile is. */
      readonly sessionSecret: string | null;
      readonly sessionTtlSeconds: number;
    };

/** A session lasts 8 hours unless CONSOLE_SESSION_TTL (seconds) says otherwise. */
export const DEFAULT_SESSION_TTL_SECONDS = 8 * 60 * 60;
/** iron-session's own floor for a password, and a sane one for a secret. */
export const MIN_SESSION_SECRET_LENGTH = 32;
/** The shortest CONSOLE_API_TOKEN accepted: a token is guessed, not cracked, so it must be long. */
export const MIN_API_TOKEN_LENGTH = 24;

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Parses the authentication settings; throws a ConfigError naming the variable. With nothing
 * configured a production process (NODE_ENV=production, as `npm start` runs) throws
 * {@link AuthNotConfiguredError}; any other process runs with authentication off.
 */
export function parseAuthConfig(env: Env): AuthConfig {
  const mode = env.CONSOLE_AUTH?.trim().toLowerCase() || "";
  if (mode !== "" && mode !== "on" && mode !== "off") throw new ConfigError("CONSOLE_AUTH", `"${env.CONSOLE_AUTH}" is not "on" or "off"`);
  if (mode === "off") return { mode: "off", explicit: true };
  const usersFile = env.CONSOLE_USERS_FILE?.trim() || null;
  const token = env.CONSOLE_API_TOKEN?.trim() || null;
  if (usersFile === null && token === null) {
    if (mode === "on" || env.NODE_ENV === "production") throw new AuthNotConfiguredError();
    return { mode: "off", explicit: false };
  }
  if (usersFile !== null && !isAbsolute(usersFile)) throw new ConfigError("CONSOLE_USERS_FILE", `"${usersFile}" is not an absolute path`);
  if (token !== null && token.length < MIN_API_TOKEN_LENGTH) throw new ConfigError("CONSOLE_API_TOKEN", `the token is shorter than ${MIN_API_TOKEN_LENGTH} characters`);
  const secret = env.CONSOLE_SESSION_SECRET ?? "";
  if (usersFile !== null && secret.length < MIN_SESSION_SECRET_LENGTH) {
    throw new ConfigError("CONSOLE_SESSION_SECRET", `${secret === "" ? "not set" : "too short"}: it must be at least ${MIN_SESSION_SECRET_LENGTH} characters when CONSOLE_USERS_FILE is set (the same on every replica)`);
  }
  return {
    mode: "on",
    usersFile,
    apiTokenSha256: token === null ? null : sha256(token),
    sessionSecret: usersFile === null ? null : secret,
    sessionTtlSeconds: parseTtl(env.CONSOLE_SESSION_TTL),
  };
}

function parseTtl(raw: string | undefined): number {
  const text = raw?.trim();
  if (!text) return DEFAULT_SESSION_TTL_SECONDS;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 60 || n > 30 * 24 * 3600) throw new ConfigError("CONSOLE_SESSION_TTL", `"${text}" is not a whole number of seconds from 60 to 2592000`);
  return n;
}

/** SHA-256 of a token, as the users file keeps it (`hash`, in hex). */
export function sha256(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}
