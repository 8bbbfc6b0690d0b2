import "server-only";
import { ConfigError } from "@/lib/errors";
import { parseConfig } from "./config";
import { type Engine, findEngine, startEngine } from "./engine";

/**
 * Reads the configuration and starts the engine; on a configuration error prints one
 * clear line and stops the process, since serving with a wrong registry would mislead.
 */
export function bootEngine(env: NodeJS.ProcessEnv = process.env): Engine {
  const existing = findEngine();
  if (existing) return existing;
  try {
    return startEngine(parseConfig(env));
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`dubbo-console: ${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
}

/** The engine for a request handler: the one instrumentation started, or a new one. */
export function getEngine(): Engine {
  return findEngine() ?? bootEngine();
}
