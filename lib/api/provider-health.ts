/**
 * The HTTP contract of provider health: GET /api/v1/health/providers and POST
 * /api/v1/providers/probe. Health comes from the console's own connections to providers
 * (server/observability/provider-health.ts): no connection is opened to answer a GET; a probe
 * connects to one registered provider and sends it a heartbeat.
 */
import { z } from "zod";
import { textParam } from "./query-params";

const shown = (v: unknown) => (typeof v === "string" ? JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v) : v === null ? "null" : typeof v);

/**
 * - `reachable`: connected, heartbeats answered;
 * - `read-only`: connected, the provider announced its shutdown (READONLY): no new calls;
 * - `unreachable`: the last connect failed or the connection dropped (the console retries
 *   with backoff), or nothing was read for 1.5 heartbeats (a stopped process keeps its socket);
 * - `connecting`: a connect attempt is running;
 * - `no-connection`: the console holds no connection (it never called this provider, or the
 *   connection was closed): nothing is known without a probe;
 * - `not-dubbo`: a provider on another protocol than the console's connections speak (dubbo, and tri:
 *   a `tri://` provider is shown by its HTTP/2 connection: reachable once one is open, and its
 *   probe is an HTTP/2 PING).
 */
export const HEALTH_STATES = ["reachable", "read-only", "unreachable", "connecting", "no-connection", "not-dubbo"] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

export const providerHealthSchema = z.object({
  /** `host:port`. */
  address: z.string(),
  protocol: z.string(),
  application: z.string(),
  state: z.enum(HEALTH_STATES),
  /** Why it is not reachable, in words; null when it is (or nothing is known). */
  cause: z.string().nullable(),
  /** The last heartbeat's round trip in ms, and when it was answered (epoch ms); null before the first. */
  rttMs: z.number().nonnegative().nullable(),
  heartbeatAt: z.number().int().nonnegative().nullable(),
  /** The last failure on the connection: when and what; null when none. */
  lastError: z.object({ at: z.number().int().nonnegative(), message: z.string() }).nullable(),
  /** Since when the state holds (connected since, or the retry time), epoch ms; null when not known. */
  since: z.number().int().nonnegative().nullable(),
});
export type ProviderHealth = z.infer<typeof providerHealthSchema>;

export const providersHealthResponseSchema = z.object({
  providers: z.array(providerHealthSchema),
  /** The heartbeat interval of the console's connections (CONSOLE_HEARTBEAT_MS). */
  heartbeatMs: z.number().int().positive(),
});
export type ProvidersHealthResponse = z.infer<typeof providersHealthResponseSchema>;

/** GET /api/v1/health/providers?service=&group=&version= | ?address=host:port. */
export const providersHealthQuerySchema = z
  .object({ service: textParam("service", { max: 255 }), group: textParam("group", { max: 100 }), version: textParam("version", { max: 100 }), address: textParam("address", { max: 300 }) })
  .refine((q) => (q.service === undefined) !== (q.address === undefined), { message: "give service (with group and version when it has them) or address, one of them", path: ["service"] });
export type ProvidersHealthQuery = z.output<typeof providersHealthQuerySchema>;

/** POST /api/v1/providers/probe: one registered dubbo provider, by `host:port`. */
export const probeBodySchema = z.strictObject(
  {
    address: z
      .string({ error: (i) => `address must be a provider's host:port, got ${shown(i.input)}` })
      .max(300, { error: "address is at most 300 characters" })
      .regex(/^(\[[0-9A-Fa-f:.]+\]|[\w.-]+):\d{1,5}$/, { error: (i) => `address must be a provider's host:port, got ${shown(i.input)}` }),
  },
  { error: (i) => (i.code === "unrecognized_keys" ? `unknown field${i.keys.length > 1 ? "s" : ""} ${i.keys.join(", ")}; the body is { address }` : "the body must be a JSON object { address }") },
);
export type ProbeBody = z.output<typeof probeBodySchema>;

/** What a probe found: the heartbeat answered (with its round trip), or why not; and the health after it. */
export const probeResponseSchema = z.object({
  address: z.string(),
  ok: z.boolean(),
  rttMs: z.number().nonnegative().nullable(),
  error: z.string().nullable(),
  health: providerHealthSchema,
});
export type ProbeResponse = z.infer<typeof probeResponseSchema>;
