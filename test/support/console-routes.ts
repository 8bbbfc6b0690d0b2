import { parseRouteNode } from "@/lib/dubbo/rules/route-url";
import type { Route } from "@/lib/api/routing/routes";
import type { TestZk } from "./zk-client";

/** The part of a route a fault test tracks: what an edit changes. */
export interface RouteContent {
  readonly rule: string;
  readonly priority: number;
  readonly enabled: boolean;
}

/** An HTTP answer: its status and its JSON body (null when none could be read). */
export interface Answer<T = unknown> {
  readonly status: number;
  readonly body: T | null;
}

/** The answer of a request whose outcome is unknown: the connection failed before a status came (the console died). */
export const NO_ANSWER = 0;

export const contentOf = (r: Pick<Route, "rule" | "priority" | "enabled">): RouteContent => ({ rule: r.rule, priority: r.priority, enabled: r.enabled });

/** Sends one JSON request to a console; a connection failure answers status {@link NO_ANSWER}. */
export async function send<T>(url: string, method: string, path: string, body?: unknown): Promise<Answer<T>> {
  try {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text === "" ? null : (JSON.parse(text) as T) };
  } catch {
    return { status: NO_ANSWER, body: null };
  }
}

/** The routes of `service` as the console at `url` lists them, by name. */
export async function consoleRoutes(url: string, service: string): Promise<Map<string, Route>> {
  const answer = await send<{ routes: Route[] }>(url, "GET", `/api/v1/routes?service=${encodeURIComponent(service)}`);
  if (answer.status !== 200 || !answer.body) throw new Error(`GET /api/v1/routes answered ${answer.status}`);
  return new Map(answer.body.routes.map((r) => [r.name, r]));
}

/**
 * The route nodes of `service` in ZooKeeper, read with the test's own client: name → the
 * content of each node of that name (more than one would be a duplicate).
 */
export async function zooKeeperRoutes(zk: TestZk, service: string): Promise<Map<string, RouteContent[]>> {
  const byName = new Map<string, RouteContent[]>();
  for (const child of await zk.children(`/dubbo/${service}/routers`)) {
    const { spec } = parseRouteNode(child, service);
    byName.set(spec.name, [...(byName.get(spec.name) ?? []), { rule: spec.rule, priority: spec.priority, enabled: spec.enabled }]);
  }
  return byName;
}

/** Name → content, for comparing whole sets with toEqual. */
export const asObject = (m: ReadonlyMap<string, RouteContent | null>) => Object.fromEntries([...m].filter(([, c]) => c !== null).sort(([a], [b]) => a.localeCompare(b)));

/** `promise`, or a rejection after `ms`: a read through a ZooKeeper client that lost its server may wait for a reconnect indefinitely. */
export function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
