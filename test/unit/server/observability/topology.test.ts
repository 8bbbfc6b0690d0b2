import { describe, expect, it } from "vitest";
import { topologyQuerySchema, topologyResponseSchema } from "@/lib/api/topology";
import { topology, type TopologyService } from "@/server/observability/topology";

const svc = (key: string, providers: string[], consumers: string[]): TopologyService => ({
  key,
  interface: key.replace(/^[^/]*\//, "").replace(/:.*$/, ""),
  providers: providers.map((application) => ({ application })),
  consumers: consumers.map((application) => ({ application })),
});
// shop -> Orders (orders-app x2) ; orders-app -> Stock (stock-app) ; billing -> Pay (pay-app); io.other.Thing with no app names.
const SERVICES = [svc("io.shop.Orders", ["orders-app", "orders-app"], ["shop"]), svc("io.shop.Stock:1.0", ["stock-app"], ["orders-app"]), svc("g/io.pay.Pay", ["pay-app"], ["billing", "billing"]), svc("io.other.Thing", [""], [])];
const q = (params: Record<string, string>) => topologyQuerySchema.parse(params);

describe("topology", () => {
  it("is consumer application -> service -> provider application, edges counted by registrations", () => {
    const g = topologyResponseSchema.parse(topology(SERVICES, q({})));
    expect(g.nodes.map((n) => n.id)).toEqual(["app:billing", "app:orders-app", "app:pay-app", "app:shop", "app:stock-app", "service:g/io.pay.Pay", "service:io.other.Thing", "service:io.shop.Orders", "service:io.shop.Stock:1.0"]);
    expect(g.edges).toEqual([
      { from: "app:billing", to: "service:g/io.pay.Pay", kind: "consumes", count: 2 },
      { from: "app:orders-app", to: "service:io.shop.Stock:1.0", kind: "consumes", count: 1 },
      { from: "app:shop", to: "service:io.shop.Orders", kind: "consumes", count: 1 },
      { from: "service:g/io.pay.Pay", to: "app:pay-app", kind: "provides", count: 1 },
      { from: "service:io.shop.Orders", to: "app:orders-app", kind: "provides", count: 2 },
      { from: "service:io.shop.Stock:1.0", to: "app:stock-app", kind: "provides", count: 1 },
    ]);
    expect(g.nodes.find((n) => n.id === "app:orders-app")).toMatchObject({ kind: "application", providers: 1, consumers: 1, distance: null });
    expect(g.nodes.find((n) => n.id === "service:io.shop.Orders")).toMatchObject({ kind: "service", providers: 2, consumers: 1 });
    expect([g.truncated, g.matched]).toEqual([false, { nodes: 9, edges: 6 }]);
  });

  it("focus keeps the nodes within depth hops either way, nearest first, and the edges among them", () => {
    const g = topology(SERVICES, q({ focus: "app:shop", depth: "2" }));
    expect(g.nodes.map((n) => [n.id, n.distance])).toEqual([
      ["app:shop", 0],
      ["service:io.shop.Orders", 1],
      ["app:orders-app", 2],
    ]);
    expect(g.edges.map((e) => `${e.from}>${e.to}`)).toEqual(["app:shop>service:io.shop.Orders", "service:io.shop.Orders>app:orders-app"]);
    const deeper = topology(SERVICES, q({ focus: "app:shop", depth: "4" }));
    expect(deeper.nodes.map((n) => n.id)).toEqual(["app:shop", "service:io.shop.Orders", "app:orders-app", "service:io.shop.Stock:1.0", "app:stock-app"]);
  });

  it("prefix keeps the services of a namespace; limit cuts and says so; an unknown focus is a 404", () => {
    expect(topology(SERVICES, q({ prefix: "io.pay." })).nodes.map((n) => n.id)).toEqual(["app:billing", "app:pay-app", "service:g/io.pay.Pay"]);
    const cut = topology(SERVICES, q({ limit: "3" }));
    expect([cut.nodes.length, cut.truncated, cut.matched.nodes]).toEqual([3, true, 9]);
    expect(cut.edges.every((e) => cut.nodes.some((n) => n.id === e.from) && cut.nodes.some((n) => n.id === e.to))).toBe(true);
    expect(() => topology(SERVICES, q({ focus: "app:nobody" }))).toThrow(/not in the graph/);
    expect(topologyQuerySchema.safeParse({ focus: "nonsense" }).success).toBe(false);
    expect(topologyQuerySchema.safeParse({ depth: "0" }).success).toBe(false);
  });
});

describe("topology with live data", () => {
  const withAddresses: TopologyService[] = [
    { key: "io.shop.Orders", interface: "io.shop.Orders", providers: [{ application: "orders-app", address: "10.0.0.1:20880" }, { application: "orders-app", address: "10.0.0.2:20880" }], consumers: [{ application: "shop" }] },
    { key: "io.shop.Stock:1.0", interface: "io.shop.Stock", providers: [{ application: "stock-app", address: "10.0.0.3:20880" }], consumers: [{ application: "orders-app" }] },
  ];
  const rates = new Map([
    ["provides|io.shop.Orders|orders-app", 12.5],
    ["consumes|io.shop.Orders|shop", 12],
  ]);
  const live = {
    rate: (service: string, application: string, kind: string) => rates.get(`${kind}|${service}|${application}`),
    unreachable: (address: string) => address === "10.0.0.2:20880",
  };

  it("puts a call rate on the edges metrics know, and none on the others", () => {
    const g = topologyResponseSchema.parse(topology(withAddresses, q({}), live));
    expect(g.edges).toEqual([
      { from: "app:orders-app", to: "service:io.shop.Stock:1.0", kind: "consumes", count: 1 },
      { from: "app:shop", to: "service:io.shop.Orders", kind: "consumes", count: 1, rate: 12 },
      { from: "service:io.shop.Orders", to: "app:orders-app", kind: "provides", count: 2, rate: 12.5 },
      { from: "service:io.shop.Stock:1.0", to: "app:stock-app", kind: "provides", count: 1 },
    ]);
  });

  it("counts the unreachable provider addresses on the service and on its application, and 0 elsewhere", () => {
    const g = topologyResponseSchema.parse(topology(withAddresses, q({}), live));
    expect(Object.fromEntries(g.nodes.map((n) => [n.id, n.unreachable]))).toEqual({ "app:orders-app": 1, "app:shop": 0, "app:stock-app": 0, "service:io.shop.Orders": 1, "service:io.shop.Stock:1.0": 0 });
  });

  it("says nothing of health or rates when nothing live is given", () => {
    const g = topology(withAddresses, q({}));
    expect(g.nodes.every((n) => n.unreachable === undefined)).toBe(true);
    expect(g.edges.every((e) => e.rate === undefined)).toBe(true);
  });
});
