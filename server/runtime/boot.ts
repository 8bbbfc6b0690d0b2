import "server-only";
import { parseConfigOrExit } from "./config-or-exit";
import { type Engine, findEngine, startEngine } from "./engine";

/**
 * Reads the configuration and starts the engine; on a configuration error prints one
 * clear line and stops the process (see parseConfigOrExit).
 */
export function bootEngine(env: NodeJS.ProcessEnv = process.env): Engine {
  return findEngine() ?? startEngine(parseConfigOrExit(env));
}
