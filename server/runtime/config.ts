import { z } from "zod";
import { parseRegistryAddresses, type RegistryAddress } from "@/lib/dubbo/registry-address";
import { ConfigError, ConsoleError } from "@/lib/errors";
import { isLevel } from "./logger";

/** The console's whole configuration, read from the environment in this one place. */
export interface ConsoleConfig {
  readonly registries: readonly RegistryAddress[];
  readonly port: number;
  readonly logLevel: "debug" | "info" | "warn" | "error";
}

export const DEFAULT_REGISTRY = "zookeeper://127.0.0.1:2181";
export const DEFAULT_PORT = 3000;

const portSchema = z.coerce
  .number({ error: "not a number" })
  .int("not a whole number")
  .min(1, "below 1")
  .max(65535, "above 65535");

/**
 * Parses the environment. Throws a {@link ConfigError} whose one-line message names the
 * variable and the bad part, e.g. `invalid DUBBO_REGISTRY: "zk://a": unsupported ...`.
 */
export function parseConfig(env: Readonly<Record<string, string | undefined>>): ConsoleConfig {
  const registry = env.DUBBO_REGISTRY?.trim() || DEFAULT_REGISTRY;
  let registries: RegistryAddress[];
  try {
    registries = parseRegistryAddresses(registry);
  } catch (e) {
    if (e instanceof ConsoleError) throw new ConfigError("DUBBO_REGISTRY", e.message);
    throw e;
  }
  const portText = env.PORT?.trim() || String(DEFAULT_PORT);
  const port = portSchema.safeParse(portText);
  if (!port.success) throw new ConfigError("PORT", `"${portText}" is ${port.error.issues[0]?.message ?? "invalid"}`);
  const logLevel = env.LOG_LEVEL?.trim() || "info";
  if (!isLevel(logLevel)) throw new ConfigError("LOG_LEVEL", `"${logLevel}" is not one of debug, info, warn, error`);
  return { registries, port: port.data, logLevel };
}
