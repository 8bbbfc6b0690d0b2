import "server-only";
import { RegistryUnavailableError } from "@/server/errors/governance-errors";
import type { Engine } from "./engine";
import { ENGINE_KEY } from "./engine-key";

/**
 * How route handlers and pages reach the engine: the one that instrumentation.ts started
 * (server/runtime/register-node.ts), found on globalThis. Only types come from engine.ts, so
 * a route's bundle does not carry the engine's module graph (registry, catalog, cluster,
 * protocol): each of about 37 bundles went from 591 KB to about 250 KB, and loading them
 * no longer holds the event loop at start-up (issue 15 item 21).
 */

type EngineHolder = { [ENGINE_KEY]?: Engine };

/** The running engine, or undefined before instrumentation has started it. */
export function findEngine(): Engine | undefined {
  return (globalThis as EngineHolder)[ENGINE_KEY];
}

/**
 * The running engine.
 * @throws RegistryUnavailableError (503) while the console is still starting it.
 */
export function currentEngine(): Engine {
  const engine = findEngine();
  if (!engine) throw new RegistryUnavailableError("the console is starting: its engine is not running yet; try again in a moment");
  return engine;
}
