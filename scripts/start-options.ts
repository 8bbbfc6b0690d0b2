import { parseArgs } from "node:util";
import { ConfigError } from "@/lib/errors";

/** Where and how scripts/start.mjs serves: `next start`'s options. */
export interface StartOptions {
  /** The project directory (the built `.next` is in it). */
  readonly dir: string;
  /** The address to listen on; undefined: every address, IPv4 and IPv6, as `next start`. */
  readonly hostname: string | undefined;
  readonly port: number;
  /** The HTTP server's keep-alive timeout in ms; undefined: Node's default. */
  readonly keepAliveTimeout: number | undefined;
}

/**
 * Reads `next start`'s options from the arguments after `scripts/start.mjs`: `-p/--port`
 * (else PORT, else 3000), `-H/--hostname`, `--keepAliveTimeout <ms>`, and an optional
 * project directory (else `cwd`).
 * @throws {ConfigError} on an unknown option, a second directory, a port that is not an
 *   integer from 0 to 65535 or a timeout that is not a whole number of ms
 */
export function parseStartOptions(args: readonly string[], env: Readonly<Record<string, string | undefined>>, cwd: string): StartOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" }, keepAliveTimeout: { type: "string" } },
    });
  } catch (e) {
    throw new ConfigError("options", e instanceof Error ? e.message : String(e));
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) throw new ConfigError("options", `one project directory at most, got ${positionals.join(" ")}`);
  const portText = (values.port ?? env.PORT ?? "3000").trim();
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) throw new ConfigError("port", `"${portText}" is not an integer from 0 to 65535`);
  const timeoutText = values.keepAliveTimeout;
  if (timeoutText !== undefined && !/^\d+$/.test(timeoutText)) throw new ConfigError("--keepAliveTimeout", `"${timeoutText}" is not a whole number of milliseconds`);
  return { dir: positionals[0] ?? cwd, hostname: values.hostname || undefined, port, keepAliveTimeout: timeoutText === undefined ? undefined : Number(timeoutText) };
}
