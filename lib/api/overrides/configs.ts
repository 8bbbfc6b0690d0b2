/**
 * The HTTP contract of /api/v1/configs and the provider shortcuts (/api/v1/providers/offline,
 * /online, /weight): overrides (Dubbo configurators) written as a config-center rule item
 * and, for a service, its registry `override://` copy. Shared by the handlers and the
 * browser client; every message names the field and says what was expected and what came.
 */
import { z } from "zod";
import { CONDITION_KEYS } from "../../override/configure";
import { CONFIG_PREVIEW_LIST_MAX } from "./config-preview";
import type { OverrideDraft } from "../../override/override-draft";

/**
 * Where an override is written: `registry` (the service's `configurators` category, read by
 * 2.6/2.7 consumers and providers) and `center` (the config center's `{key}.configurators`
 * rule, read by 2.7 consumers using the registry as config center and by every 3.x).
 */
export const CONFIG_TARGETS = ["registry", "center"] as const;
export type ConfigTarget = (typeof CONFIG_TARGETS)[number];

/** Who wrote a config (lib/override/override-reading.ts). */
export const CONFIG_ORIGINS = ["console", "dubbo-admin", "dubbo", "unknown"] as const;

/**
 * Keys no configurator may change, with Dubbo's reason:
 * - AbstractConfigurator's condition keys (2.7.23 and 3.3.6 alike; lib/override/configure.ts
 *   CONDITION_KEYS): they say where a configurator applies and are never copied onto the URL;
 * - 3.3.6 AbstractConfiguratorListener's security keys, removed from every config-center rule;
 * - `providerAddresses`, a condition too (the `providerAddresses` field says it).
 * A `~key` parameter is a condition as well (AbstractConfigurator's genConditionKeys).
 */
export function refusedParameterReason(key: string): string | null {
  if (CONDITION_KEYS.includes(key)) return `Dubbo reads "${key}" as a condition of where a configurator applies (AbstractConfigurator's condition keys), never as a value it sets`;
  if (SECURITY_KEYS.includes(key)) return `Dubbo 3.3.6 removes "${key}" from every config-center configurator (AbstractConfiguratorListener's security keys)`;
  if (key === "providerAddresses") return "providerAddresses is a condition: give it as the providerAddresses field";
  if (key.startsWith("~")) return `a "~" key is a condition of AbstractConfigurator, never a value it sets`;
  return null;
}
const SECURITY_KEYS: readonly string[] = ["accesslog.fixed.path", "router", "rule", "runtime", "type"];

/** How a received value is quoted in a message: strings as JSON, anything else by its type. */
function shown(input: unknown): string {
  if (typeof input === "string") return JSON.stringify(input.length > 60 ? `${input.slice(0, 60)}…` : input);
  return input === undefined ? "nothing" : input === null ? "null" : Array.isArray(input) ? "an array" : typeof input;
}

function text(field: string, expected: string, pattern: RegExp, max: number) {
  const message = (input: unknown) => `${field} must be ${expected}, got ${shown(input)}`;
  return z
    .string({ error: (issue) => message(issue.input) })
    .max(max, { error: (issue) => `${field} must be at most ${max} characters, got ${typeof issue.input === "string" ? issue.input.length : shown(issue.input)}`, abort: true })
    .regex(pattern, { error: (issue) => message(issue.input) });
}

const OCTET = "(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IPV4 = `${OCTET}(\\.${OCTET}){3}`;
const PORT = "([1-9]\\d{0,3}|[1-5]\\d{4}|6[0-4]\\d{3}|65[0-4]\\d{2}|655[0-2]\\d|6553[0-5])";
/** `host:port` with an IPv4 host: how Dubbo's providers register and how AbstractConfigurator compares them. */
export const HOST_PORT_PATTERN = new RegExp(`^${IPV4}:${PORT}$`);
const HOST_OR_HOST_PORT = new RegExp(`^${IPV4}(:${PORT})?$`);

const serviceField = text("service", "a Java interface name such as com.foo.BarService", /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/, 255);
const groupField = text("group", "letters, digits, '.', '_' or '-' ('' for none)", /^[\w.-]*$/, 100);
const versionField = text("version", "letters, digits, '.', '_' or '-' ('' for none)", /^[\w.-]*$/, 100);
const appName = (field: string) => text(field, "an application name: letters, digits, '.', '_' or '-'", /^[\w.-]+$/, 200);
const list = <T extends z.ZodType>(field: string, item: T) =>
  z.array(item, { error: (issue) => `${field} must be a list, got ${shown(issue.input)}` }).max(100, { error: `${field} may hold at most 100 entries` });

const addressesField = list("addresses", text("addresses", 'an IPv4 address or IPv4:port such as "10.0.0.1" or "10.0.0.1:20880" (leave the list out for all; "*" is not an address)', HOST_OR_HOST_PORT, 21));
const providerAddressesField = list("providerAddresses", text("providerAddresses", 'a provider as IPv4:port such as "10.0.0.1:20880" ("*" is not an address)', HOST_PORT_PATTERN, 21));
const servicesField = list("services", text("services", "a service key group/interface:version (group and version when set)", /^([\w.-]+\/)?[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*(:[\w.-]+)?$/, 400));

/** A parameter name (`timeout`, `weight`, `sayHello.timeout`) that Dubbo lets a configurator set; checked over the record so the message names it. */
const PARAMETER_KEY = /^~?[A-Za-z][\w.-]{0,199}$/;

/** A value as it goes into the configurator URL: no `&` (it would split the URL), no `#`, not empty, no control characters. */
const parameterValue = z
  .string({ error: (issue) => `a parameter value must be text, got ${shown(issue.input)}` })
  .min(1, { error: "a parameter value must not be empty (Dubbo reads an empty value as absent)" })
  .max(1000)
  .refine((v) => !/[&#\u0000-\u001f\u007f]/.test(v) && v.trim() === v, { error: (issue) => `a parameter value must have no '&', '#', control characters or white space at either end, got ${shown(issue.input)}` });
/**
 * Names a plain object would not keep as its own (`__proto__`), checked on the body as
 * parsed, before the record is built: the record would drop them silently.
 */
const ownNames = (raw: unknown, ctx: { addIssue: (issue: { code: "custom"; message: string; input: unknown; path?: PropertyKey[] }) => void }): unknown => {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return raw;
  const kept: Record<string, unknown> = {};
  for (const key of Object.getOwnPropertyNames(raw)) {
    const value = (raw as Record<string, unknown>)[key];
    if (!PARAMETER_KEY.test(key)) {
      ctx.addIssue({ code: "custom", path: [key], input: raw, message: `parameters.${key} cannot be set by an override: ${JSON.stringify(key)} is not a parameter name (a letter, then letters, digits, '.', '_', '-'; such as timeout or sayHello.timeout)` });
      continue;
    }
    kept[key] = value;
  }
  return kept;
};
const parametersRecord = z
  .record(z.string(), parameterValue, { error: (issue) => `parameters must be an object of names to text values such as {"timeout": "3000"}, got ${shown(issue.input)}` })
  .refine((p) => Object.keys(p).length > 0, { error: "parameters must hold at least one parameter (Dubbo refuses a configurator that changes nothing)" })
  .refine((p) => Object.keys(p).length <= 50, { error: "parameters may hold at most 50 parameters" })
  .superRefine((p, ctx) => {
    for (const key of Object.keys(p)) {
      const reason = refusedParameterReason(key);
      if (reason) ctx.addIssue({ code: "custom", path: [key], message: `parameters.${key} cannot be set by an override: ${reason}` });
    }
  });
const parametersField = z.preprocess(ownNames, parametersRecord);

const flag = (field: string) => z.boolean({ error: (issue) => `${field} must be true or false, got ${shown(issue.input)}` });
const allowStranding = flag("allowStranding").optional();
const revisionField = z.string({ error: (issue) => `revision must be the revision of the config as last read, got ${shown(issue.input)}` }).min(1).max(200);
const listMaxField = z
  .number({ error: (issue) => `listMax must be a whole number from 1 to ${CONFIG_PREVIEW_LIST_MAX}, got ${shown(issue.input)}` })
  .int({ error: (issue) => `listMax must be a whole number, got ${shown(issue.input)}` })
  .min(1, { error: "listMax must be at least 1" })
  .max(CONFIG_PREVIEW_LIST_MAX, { error: `listMax must be at most ${CONFIG_PREVIEW_LIST_MAX}` });
const registryField = z.string({ error: (issue) => `registry must be a registry's source as GET /api/v1/registry lists it, got ${shown(issue.input)}` }).max(2_000);
const targetsField = z
  .array(z.enum(CONFIG_TARGETS, { error: (issue) => `targets may hold "registry" and "center", got ${shown(issue.input)}` }), { error: (issue) => `targets must be a list of "registry" and "center", got ${shown(issue.input)}` })
  .refine((t) => t.length > 0 && new Set(t).size === t.length, { error: "targets must name each of registry and center at most once, and at least one" });

const bodyIssue = (issue: { code: string; keys?: readonly string[]; input?: unknown }) => {
  if (issue.code === "unrecognized_keys") return `unknown field${issue.keys && issue.keys.length > 1 ? "s" : ""} ${issue.keys?.map((k) => JSON.stringify(k)).join(", ")}; see docs/api.md`;
  if (issue.code === "invalid_type") return `the body must be a JSON object, got ${shown(issue.input)}`;
  return undefined;
};

const draftFields = {
  scope: z.enum(["service", "application"], { error: (issue) => `scope must be "service" or "application", got ${shown(issue.input)}` }),
  service: serviceField.optional(),
  group: groupField.optional(),
  version: versionField.optional(),
  application: appName("application").optional(),
  side: z.enum(["consumer", "provider"], { error: (issue) => `side must be "consumer" or "provider", got ${shown(issue.input)}` }),
  addresses: addressesField.optional(),
  providerAddresses: providerAddressesField.optional(),
  applications: list("applications", appName("applications")).optional(),
  services: servicesField.optional(),
  parameters: parametersField,
  enabled: flag("enabled").default(true),
  targets: targetsField.optional(),
  allowStranding,
};

/** The scope-dependent rules of a draft: which fields each scope takes, and its targets. */
function checkScope(body: { scope: "service" | "application"; service?: string | undefined; group?: string | undefined; version?: string | undefined; application?: string | undefined; applications?: string[] | undefined; services?: string[] | undefined; targets?: ConfigTarget[] | undefined }, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (body.scope === "service") {
    if (!body.service) issue("service", "service is required for a service-scope config");
    if (body.application !== undefined) issue("application", "application belongs to an application-scope config; a service config names consumer applications in applications");
    if (body.services !== undefined) issue("services", "services belongs to an application-scope config");
  } else {
    if (!body.application) issue("application", "application is required for an application-scope config");
    for (const f of ["service", "group", "version", "applications"] as const) {
      if (body[f] !== undefined) issue(f, `${f} belongs to a service-scope config; an application config names services in services`);
    }
    if (body.targets?.includes("registry")) issue("targets", "an application-scope config has no registry copy (no Dubbo release reads application rules from the registry): targets must be [\"center\"]");
  }
}

/** Body of POST /api/v1/configs: an override draft, where to write it, and the registry (the first configured when left out). */
export const createConfigBodySchema = z.strictObject({ ...draftFields, registry: registryField.optional() }, { error: bodyIssue }).superRefine(checkScope);
export type CreateConfigBody = z.output<typeof createConfigBodySchema>;

/**
 * Body of PUT /api/v1/configs/{id}: the whole config as it is to be, and the `revision` it is
 * based on (or If-Match). Its scope and key (service, group, version, or application) are the id's and cannot change.
 */
export const replaceConfigBodySchema = z.strictObject({ ...draftFields, revision: revisionField.optional() }, { error: bodyIssue }).superRefine(checkScope);
export type ReplaceConfigBody = z.output<typeof replaceConfigBodySchema>;

/** Body of POST /api/v1/configs/{id}/enable and /disable: the revision (or If-Match). */
export const toggleConfigBodySchema = z.strictObject({ revision: revisionField.optional(), allowStranding }, { error: bodyIssue });
export type ToggleConfigBody = z.output<typeof toggleConfigBodySchema>;

/** Query of DELETE /api/v1/configs/{id} (the revision may come as If-Match instead). */
export const deleteConfigQuerySchema = z.object({ revision: revisionField.optional(), allowStranding: z.enum(["true", "false"]).optional() });

const exact = (field: string) => z.string({ error: (issue) => `${field} must be text, got ${shown(issue.input)}` }).max(255, { error: `${field} must be at most 255 characters` }).optional();

/**
 * Query of GET /api/v1/configs: each given parameter must match exactly (an empty `group` or
 * `version` asks for configs without one); `application` lists that application's rule and
 * the service configs that name it. Left out: any.
 */
export const configsQuerySchema = z.object({ service: exact("service"), group: exact("group"), version: exact("version"), application: exact("application"), registry: exact("registry") });
export type ConfigsQuery = z.output<typeof configsQuerySchema>;

const providerFields = {
  service: serviceField,
  group: groupField.optional(),
  version: versionField.optional(),
  address: text("address", 'the provider as IPv4:port such as "10.0.0.1:20880" ("*" is not a provider)', HOST_PORT_PATTERN, 21),
  registry: registryField.optional(),
  allowStranding,
};

/** Body of POST /api/v1/providers/online (it deletes whole configs, so it names no `targets`). */
export const providerActionBodySchema = z.strictObject(providerFields, { error: bodyIssue });
export type ProviderActionBody = z.output<typeof providerActionBodySchema>;

/**
 * Body of POST /api/v1/providers/offline: the provider, and `targets`, the copies a new
 * offline config is written to (both when left out; an existing one is answered as it is).
 */
export const providerOfflineBodySchema = z.strictObject({ ...providerFields, targets: targetsField.optional() }, { error: bodyIssue });
export type ProviderOfflineBody = z.output<typeof providerOfflineBodySchema>;

/**
 * Body of POST /api/v1/providers/weight: `weight` a Java int from 0 (no calls) to 2147483647
 * (Dubbo's default is 100); `targets` the copies (left out: the existing weight config's, or both).
 */
export const providerWeightBodySchema = z.strictObject(
  {
    ...providerFields,
    targets: targetsField.optional(),
    weight: z
      .number({ error: (issue) => `weight must be a whole number from 0 to 2147483647, got ${shown(issue.input)}` })
      .int({ error: (issue) => `weight must be a whole number from 0 to 2147483647, got ${String(issue.input)}` })
      .min(0, { error: (issue) => `weight must be a whole number from 0 to 2147483647, got ${String(issue.input)}` })
      .max(2 ** 31 - 1, { error: (issue) => `weight must be a whole number from 0 to 2147483647, got ${String(issue.input)}` }),
  },
  { error: bodyIssue },
);
export type ProviderWeightBody = z.output<typeof providerWeightBodySchema>;

export const configSchema = z.object({
  /** Stable across edits: `{registry}.{base64url(scope:key)}.{n}` for a config-center item, `{registry}.{base64url(dir)}.u{fingerprint}` for a registry-only URL. */
  id: z.string(),
  registry: z.string(),
  scope: z.enum(["service", "application"]),
  /** The config-center key: `{interface}:{version}:{group}` or the application. */
  key: z.string(),
  service: z.string().optional(),
  group: z.string().optional(),
  version: z.string().optional(),
  application: z.string().optional(),
  side: z.enum(["consumer", "provider"]),
  addresses: z.array(z.string()),
  providerAddresses: z.array(z.string()),
  applications: z.array(z.string()),
  services: z.array(z.string()),
  parameters: z.record(z.string(), z.string()),
  enabled: z.boolean(),
  /** Where it is now. */
  targets: z.array(z.enum(CONFIG_TARGETS)),
  origin: z.enum(CONFIG_ORIGINS),
  /** Null when the console can edit it; else why not (a v3.1 `match`, an `absent://` URL). */
  readOnly: z.string().nullable(),
  /** What an edit or delete must name: it changes whenever the config's copies do. */
  revision: z.string(),
});
export type Config = z.infer<typeof configSchema>;

export const configsResponseSchema = z.object({
  configs: z.array(configSchema),
  /** Config-center rules no item could be read from (not YAML, a JSON array), by registry and key. */
  unreadable: z.array(z.object({ registry: z.string(), key: z.string(), problem: z.string() })),
});
export type ConfigsResponse = z.infer<typeof configsResponseSchema>;

export const deletedConfigSchema = z.object({ deleted: z.literal(true), id: z.string() });
export type DeletedConfig = z.infer<typeof deletedConfigSchema>;

/** The draft a create or replace body describes (lib/override/override-draft.ts). */
export function draftOfBody(body: CreateConfigBody | ReplaceConfigBody): OverrideDraft {
  const base = body.scope === "service" ? { scope: "service" as const, service: body.service ?? "", group: body.group ?? "", version: body.version ?? "" } : { scope: "application" as const, application: body.application ?? "" };
  return {
    ...base,
    side: body.side,
    ...(body.addresses && body.addresses.length > 0 ? { addresses: body.addresses } : {}),
    ...(body.providerAddresses && body.providerAddresses.length > 0 ? { providerAddresses: body.providerAddresses } : {}),
    ...(body.applications && body.applications.length > 0 ? { applications: body.applications } : {}),
    ...(body.services && body.services.length > 0 ? { services: body.services } : {}),
    parameters: body.parameters,
    enabled: body.enabled,
  };
}

/** A consumer described by hand for a config preview: its URL as it would register, and its Dubbo release when the URL does not say. */
const handConsumerField = z.strictObject(
  {
    url: z.string({ error: (issue) => `consumer.url must be a consumer URL (consumer://host/interface?application=...), got ${shown(issue.input)}` }).min(1).max(8_000),
    release: z.string({ error: (issue) => `consumer.release must be a Dubbo release such as "2.7.23" or "3.3.6", got ${shown(issue.input)}` }).max(40).optional(),
  },
  { error: bodyIssue },
);

/**
 * Body of POST /api/v1/configs/preview. `config` alone: a new config; `id` and `config`:
 * the edit of a saved one; `id` and `delete: true`: its removal. The service judged is the
 * config's own for a service-scope config, else `service` (with `group` and `version`).
 */
export const configPreviewBodySchema = z
  .strictObject(
    {
      id: z.string({ error: (issue) => `id must be a config id as GET /api/v1/configs lists it, got ${shown(issue.input)}` }).min(1).max(2_000).optional(),
      config: z.strictObject({ ...draftFields }, { error: bodyIssue }).superRefine(checkScope).optional(),
      delete: flag("delete").optional(),
      service: serviceField.optional(),
      group: groupField.optional(),
      version: versionField.optional(),
      consumer: handConsumerField.optional(),
      registry: registryField.optional(),
      listMax: listMaxField.default(CONFIG_PREVIEW_LIST_MAX),
    },
    { error: bodyIssue },
  )
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (body.config === undefined && body.id === undefined) issue("config", "give the draft as config, or the id of a saved config (with delete: true to preview its removal)");
    if (body.delete === true && body.config !== undefined) issue("delete", "delete previews the removal of the config id names; leave config out");
    if (body.delete === true && body.id === undefined) issue("id", "delete needs the id of the config to remove");
    if (body.config?.scope === "application" && !body.service) issue("service", "an application-scope config reaches many services: name the one to preview in service");
  });
export type ConfigPreviewBody = z.output<typeof configPreviewBodySchema>;
/** What a client sends (`listMax` may be left out). */
export type ConfigPreviewRequest = z.input<typeof configPreviewBodySchema>;
