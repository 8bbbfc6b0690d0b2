import { readFileSync } from "node:fs";
import { parseUsersFile } from "@/lib/auth/users-file";
import { ConfigError } from "@/lib/errors";
import { type ConsoleConfig, parseConfig } from "./config";

/** Where the fatal line goes and how the process ends; tests replace both. */
export interface FatalExit {
  write(line: string): void;
  exit(code: number): never;
}

const processExit: FatalExit = {
  write: (line) => process.stderr.write(line),
  exit: (code) => process.exit(code),
};

/**
 * Parses the environment, or stops the process: on a {@link ConfigError} it prints one line,
 * `dubbo-console: invalid DUBBO_REGISTRY: …`, and exits with status 1, since serving with a
 * wrong registry would mislead. Called before Next.js starts (scripts/start.mjs), so the
 * line is the last and only one an operator sees, and again when the engine boots (for
 * `next dev`, which does not go through that entry). Any other error is a bug: rethrown.
 */
export function parseConfigOrExit(env: Readonly<Record<string, string | undefined>>, fatal: FatalExit = processExit): ConsoleConfig {
  try {
    const config = parseConfig(env);
    checkUsersFile(config);
    return config;
  } catch (e) {
    if (e instanceof ConfigError) {
      fatal.write(`dubbo-console: ${e.message}\n`);
      return fatal.exit(1);
    }
    throw e;
  }
}

/** Reads the users file once, so a missing or bad one stops start-up with one line naming the file and entry. */
function checkUsersFile(config: ConsoleConfig): void {
  const file = config.auth.mode === "on" ? config.auth.usersFile : null;
  if (file === null) return;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new ConfigError("CONSOLE_USERS_FILE", `${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  parseUsersFile(text, file);
}
