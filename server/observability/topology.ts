import type { TopologyEdge, TopologyNode, TopologyQuery, TopologyResponse } from "@/lib/api/topology";
import { NotFoundError } from "@/server/errors/request-errors";

/** What the graph reads of one service of the catalog. */
export interface TopologyService {
  readonly key: string;
  readonly interface: string;
  readonly providers: readonly { readonly application: string; readonly address?: string }[];
  readonly consumers: readonly { readonly application: string }[];
}

/** What the graph adds when it is known: call rates on edges, and health on nodes. */
export interface TopologyLive {
  /** Calls per second of `application` on `service` (`kind` the side), or undefined when no metrics say. */
  rate?(service: string, application: string, kind: TopologyEdge["kind"]): number | undefined;
  /** Whether the console's connections find the provider at `address` unreachable. */
  unreachable?(address: string): boolean;
}

const appId = (name: string) => `app:${name}`;
const serviceId = (key: string) => `service:${key}`;

/**
 * The registry as a graph (issue 18): a node per application and per service, an edge
 * `consumes` from each consumer application to the service, `provides` from the service to
 * each provider application, counted by registrations. With `prefix`, only services whose
 * interface starts with it (and the applications around them); with `focus`, the nodes at
 * most `depth` hops from it (either direction), nearest first; at most `limit` nodes,
 * and only the edges between those. Registrations without an application name are left out.
 * @throws NotFoundError when the focus is not in the (filtered) graph.
 */
export function topology(services: Iterable<TopologyService>, query: TopologyQuery, live: TopologyLive = {}): TopologyResponse {
  const nodes = new Map<string, { kind: TopologyNode["kind"]; name: string; providers: number; consumers: number }>();
  /** Per node, the provider addresses found unreachable. */
  const down = new Map<string, Set<string>>();
  const noteDown = (id: string, address: string) => {
    let s = down.get(id);
    if (s === undefined) down.set(id, (s = new Set()));
    s.add(address);
  };
  const edges = new Map<string, TopologyEdge>();
  const adjacent = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    let s = adjacent.get(a);
    if (s === undefined) adjacent.set(a, (s = new Set()));
    s.add(b);
  };
  const node = (id: string, kind: TopologyNode["kind"], name: string) => {
    let n = nodes.get(id);
    if (n === undefined) nodes.set(id, (n = { kind, name, providers: 0, consumers: 0 }));
    return n;
  };
  const edge = (from: string, to: string, kind: TopologyEdge["kind"]) => {
    const key = `${from}\n${to}\n${kind}`;
    const e = edges.get(key);
    if (e === undefined) {
      edges.set(key, { from, to, kind, count: 1 });
      link(from, to);
      link(to, from);
      return true;
    }
    edges.set(key, { ...e, count: e.count + 1 });
    return false;
  };
  for (const s of services) {
    if (query.prefix !== undefined && !s.interface.startsWith(query.prefix)) continue;
    const sid = serviceId(s.key);
    const sn = node(sid, "service", s.key);
    sn.providers += s.providers.length;
    sn.consumers += s.consumers.length;
    for (const p of s.providers) {
      if (p.address !== undefined && live.unreachable?.(p.address)) {
        noteDown(sid, p.address);
        if (p.application !== "") noteDown(appId(p.application), p.address);
      }
      if (p.application === "") continue;
      const aid = appId(p.application);
      const an = node(aid, "application", p.application);
      if (edge(sid, aid, "provides")) an.providers++;
    }
    for (const c of s.consumers) {
      if (c.application === "") continue;
      const aid = appId(c.application);
      const an = node(aid, "application", c.application);
      if (edge(aid, sid, "consumes")) an.consumers++;
    }
  }
  const distance = new Map<string, number>();
  let order: string[];
  if (query.focus !== undefined) {
    if (!nodes.has(query.focus)) throw new NotFoundError(`${JSON.stringify(query.focus)} is not in the graph${query.prefix !== undefined ? ` of services under ${JSON.stringify(query.prefix)}` : ""}; focus is "app:{name}" or "service:{group/interface:version}"`, { focus: query.focus });
    order = [query.focus];
    distance.set(query.focus, 0);
    for (let i = 0; i < order.length; i++) {
      const at = order[i]!;
      const d = distance.get(at)!;
      if (d >= query.depth) continue;
      for (const next of [...(adjacent.get(at) ?? [])].sort()) {
        if (distance.has(next)) continue;
        distance.set(next, d + 1);
        order.push(next);
      }
    }
  } else {
    order = [...nodes.keys()].sort();
  }
  const kept = new Set(order.slice(0, query.limit));
  const rated = (e: TopologyEdge): TopologyEdge => {
    if (!live.rate) return e;
    const [service, application] = e.kind === "provides" ? [e.from, e.to] : [e.to, e.from];
    const rate = live.rate(service.slice("service:".length), application.slice("app:".length), e.kind);
    return rate === undefined ? e : { ...e, rate };
  };
  const matchedEdges = [...edges.values()].filter((e) => (query.focus === undefined ? true : distance.has(e.from) && distance.has(e.to)));
  return {
    nodes: order.slice(0, query.limit).map((id) => ({ id, ...nodes.get(id)!, distance: distance.get(id) ?? null, ...(live.unreachable ? { unreachable: down.get(id)?.size ?? 0 } : {}) })),
    edges: matchedEdges.filter((e) => kept.has(e.from) && kept.has(e.to)).map(rated).sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.to < b.to ? -1 : a.to > b.to ? 1 : 0)),
    truncated: order.length > query.limit,
    matched: { nodes: order.length, edges: matchedEdges.length },
  };
}
