/**
 * The HTTP contract of Dubbo QoS through the console (issue 18): GET /api/v1/qos?address=
 * (what the provider process at that address exports and refers to, by its own `ls`, and
 * for 3.x whether it is `ready`) and POST /api/v1/qos/offline | /online (unregister or
 * register again that process's services, as Dubbo's own `offline` / `online` do: the
 * process keeps running and serving whoever still holds it). QoS listens per process on
 * `qos.port` (default 22222) at the provider's host, and by default only for callers on
 * the same host (qos.accept.foreign.ip=false): where it cannot be reached the answer says
 * why, and nothing else is tried.
 */
import { z } from "zod";

const shown = (v: unknown) => (typeof v === "string" ? JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v) : v === null ? "null" : typeof v);

const addressField = z
  .string({ error: (i) => `address must be a provider's host:port, got ${shown(i.input)}` })
  .max(300, { error: "address is at most 300 characters" })
  .regex(/^(\[[0-9A-Fa-f:.]+\]|[\w.-]+):\d{1,5}$/, { error: (i) => `address must be a provider's host:port, got ${shown(i.input)}` });

/** GET /api/v1/qos?address=host:port (a registered provider's). */
export const qosQuerySchema = z.object({ address: addressField });
export type QosQuery = z.output<typeof qosQuerySchema>;

export const qosStatusSchema = z.object({
  /** The provider address asked for. */
  address: z.string(),
  /** Where its QoS was asked: `host:port`; null when QoS is off by its URL (`qos.enable=false`). */
  qos: z.string().nullable(),
  /** Where the port came from: the provider's URL (`qos.port`), or the console's CONSOLE_QOS_PORT (Dubbo's 22222 by default). */
  portFrom: z.enum(["url", "console"]),
  reachable: z.boolean(),
  /** Why QoS could not be used, in words; null when it answered. */
  reason: z.string().nullable(),
  /** What the process exports: service key and whether it is registered (`ls`, "As Provider side"). */
  provides: z.array(z.object({ service: z.string(), published: z.boolean(), raw: z.string() })),
  /** What it refers to, with the addresses each reference holds (`ls`, "As Consumer side"). */
  refers: z.array(z.object({ service: z.string(), addresses: z.number().int().nonnegative().nullable(), raw: z.string() })),
  /** 3.x `ready`: whether the process says it is ready for traffic; null on 2.7 (no such command) or when unreachable. */
  ready: z.boolean().nullable(),
  /** When this was asked (epoch ms): answers are kept briefly (an unreachable one longer), so a page drawn twice asks once. */
  checkedAt: z.number().int().nonnegative(),
});
export type QosStatus = z.infer<typeof qosStatusSchema>;

/** POST /api/v1/qos/offline | /online: the provider process at `address`, one `service` (its key as `ls` and the catalog write it) or all it exports. */
export const qosActionBodySchema = z.strictObject(
  {
    address: addressField,
    service: z.string({ error: "service must be a service key such as group/io.x.Api:1.0.0" }).min(1, { error: "service must not be empty; leave it out for every service" }).max(400, { error: "service is at most 400 characters" }).optional(),
    /** Offline only: go ahead even when registered consumers are left with no provider (else 409 `strands_consumers`). */
    allowStranding: z.boolean({ error: "allowStranding must be true or false" }).optional(),
  },
  { error: (i) => (i.code === "unrecognized_keys" ? `unknown field${i.keys.length > 1 ? "s" : ""} ${i.keys.join(", ")}; the body is { address, service?, allowStranding? }` : "the body must be a JSON object { address, service?, allowStranding? }") },
);
export type QosActionBody = z.output<typeof qosActionBodySchema>;

/** What an offline or online did: the services named, QoS's own answer, and the status after. */
export const qosActionResponseSchema = z.object({
  address: z.string(),
  action: z.enum(["offline", "online"]),
  services: z.array(z.string()),
  /** QoS's answer text (`OK`, or why not). */
  answer: z.string(),
  status: qosStatusSchema,
});
export type QosActionResponse = z.infer<typeof qosActionResponseSchema>;
