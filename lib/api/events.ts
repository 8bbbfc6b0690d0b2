/**
 * The contract of GET /api/v1/events, server-sent events that tell pages what changed so
 * they refetch only that, instead of polling.
 *
 * Each event has an `id` (a number that grows by one per event in this process) and one
 * of these `data` payloads, as JSON. A `: heartbeat` comment comes at least every 15 s.
 * A browser that reconnects sends `Last-Event-ID`; the server replays what it missed if
 * it still holds it, or sends one `reset` (refetch everything) if not.
 */
import { z } from "zod";

export const changeEventSchema = z.discriminatedUnion("type", [
  /** A service's providers, consumers, routes or methods changed; `removed` when it is gone. */
  z.object({
    type: z.literal("service"),
    key: z.string(),
    kind: z.enum(["providers", "consumers", "routers", "configurators", "methods", "removed"]),
  }),
  /**
   * The routes of interface `service` (its `routers` category, any group or version, in any
   * registry) changed: refetch GET /api/v1/routes. Sent for every such change, also for a
   * service nothing provides or consumes (which has no `service` event).
   */
  z.object({ type: z.literal("routes"), service: z.string() }),
  /**
   * The configs (overrides) of `key` changed in some registry: a config-center `{key}.configurators`
   * rule (`key` a service's `interface:version:group` or an application), or the registry
   * `configurators` category of interface `key`. Refetch GET /api/v1/configs.
   */
  z.object({ type: z.literal("configs"), key: z.string() }),
  /** The tag rule `{application}.tag-router` changed in some registry's config center: refetch GET /api/v1/tag-routes. */
  z.object({ type: z.literal("tag-routes"), application: z.string() }),
  /** A registry's state or stale marker changed (see GET /api/v1/registry). */
  z.object({ type: z.literal("registry"), registry: z.string() }),
  /** Too much changed, or the reconnecting client missed too much: refetch everything. */
  z.object({ type: z.literal("reset") }),
]);
export type ChangeEvent = z.infer<typeof changeEventSchema>;
