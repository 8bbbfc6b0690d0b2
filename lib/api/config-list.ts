import { z } from "zod";

/**
 * The answers of the configs API as the pages read them (GET /api/v1/configs, and the
 * `{ config }` of every write; docs/api.md "Configs"). Lenient where the server may add
 * fields: the pages read only what is named here.
 */

/** One listed override: a config-center item or a registry-only `override://` URL. */
export const listedConfigSchema = z.object({
  /** Stable across edits; the revision is apart. */
  id: z.string(),
  scope: z.enum(["service", "application"]),
  /** `{interface}:{version}:{group}` for a service, the name for an application. */
  key: z.string(),
  side: z.enum(["consumer", "provider"]),
  addresses: z.array(z.string()),
  providerAddresses: z.array(z.string()),
  applications: z.array(z.string()),
  services: z.array(z.string()).optional(),
  parameters: z.record(z.string(), z.string()),
  enabled: z.boolean(),
  /** The copies it is written to: `registry` (override:// URLs) and/or the config center. */
  targets: z.array(z.string()),
  /** Who wrote it: "console", "dubbo-admin", "dubbo", "unknown", … */
  origin: z.string(),
  revision: z.string(),
});
export type ListedConfig = z.infer<typeof listedConfigSchema>;

export const configsResponseSchema = z.object({ configs: z.array(listedConfigSchema) });

/** The answer of POST/PUT /api/v1/configs, enable/disable and the provider shortcuts. */
export const savedConfigSchema = z.object({ config: listedConfigSchema.nullable().optional() }).loose();

/** The answer of DELETE /api/v1/configs/{id}: only its status matters to the pages. */
export const deletedConfigSchema = z.unknown();

/** GET /api/v1/configs filters: a service (with its group and version) or an application; none lists every config. */
export interface ConfigsQuery {
  service?: string;
  group?: string;
  version?: string;
  application?: string;
}
