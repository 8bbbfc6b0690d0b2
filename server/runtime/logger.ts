/**
 * A small structured logger: one line per event, `level message {json fields}` on stderr.
 * The level comes from LOG_LEVEL (debug, info, warn, error; default info).
 */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const LEVELS = ["debug", "info", "warn", "error"] as const;
type Level = (typeof LEVELS)[number];

export function createLogger(minLevel: Level = "info", write: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): Logger {
  const min = LEVELS.indexOf(minLevel);
  const at =
    (level: Level) =>
    (message: string, fields?: Record<string, unknown>): void => {
      if (LEVELS.indexOf(level) < min) return;
      write(`${new Date().toISOString()} ${level} ${message}${fields ? ` ${JSON.stringify(fields)}` : ""}`);
    };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

export function isLevel(value: string): value is Level {
  return (LEVELS as readonly string[]).includes(value);
}

/** A logger that drops everything, for tests. */
export const silentLogger: Logger = createLogger("error", () => undefined);
