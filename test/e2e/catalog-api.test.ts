import zookeeper from "node-zookeeper-client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addressDetailSchema, applicationDetailSchema, applicationsResponseSchema, serviceDetailSchema } from "@/lib/api/catalog-entities";
import { changeEventSchema } from "@/lib/api/events";
import { servicesResponseSchema } from "@/lib/api/services";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { GREETING_METHODS } from "../support/demo-signatures";
import { DEMO, type ProviderHandle, startProvider } from "../support/dubbo-peers";
import { openSse, type ReceivedEvent, type SseClient } from "../support/sse-client";
import { waitFor } from "../support/wait-for";
import { connectTestZk } from "../support/zk-client";

const rig = inject("rig");
const GREETING = DEMO.greeting.interface;
const TYPES_KEY = "demo/io.dubboconsole.demo.api.TypesService:1.0.0";
const FAULT_KEY = "io.dubboconsole.demo.api.FaultService:2.0.0";
const DEMO_KEYS = [FAULT_KEY, GREETING, TYPES_KEY];
const provider27 = rig.providers.find((p) => p.line === "2.7")!;
const instanceOnly = rig.providers.find((p) => p.registerMode === "instance")!;
const LIVE = { host: "127.0.0.11", app: "catalog-live-27" };

let server: ConsoleHandle;
let live: ProviderHandle | undefined;
const streams: SseClient[] = [];

beforeAll(async () => {
  server = await startConsole({ DUBBO_REGISTRY: rig.zkAddress });
  await waitForRegistrySync(server.url);
  await waitFor("the instance-only provider", async () => (await get(`/api/v1/service?key=${GREETING}`)).body.providers?.length === 3);
});

afterAll(async () => {
  for (const s of streams) s.close();
  await live?.stop();
  const zk = await connectTestZk(rig.zkConnectString);
  await zk.removeTree(`/dubbo/metadata/${DEMO.fault.interface}/2.0.0/provider/${LIVE.app}`);
  zk.close();
  await server?.stop();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test answers are checked against the zod schemas below
async function get(path: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: await res.json() };
}

const keysOf = async (query: string) => servicesResponseSchema.parse((await get(`/api/v1/services?${query}`)).body).services.map((s) => s.key);

describe("GET /api/v1/services: search and pages", () => {
  it("searches by service with a substring or a * glob, by application, by address", async () => {
    expect(await keysOf("q=io.dubbo*.Greet*&by=service")).toEqual([GREETING]);
    expect(await keysOf("q=TYPES&by=service")).toEqual([TYPES_KEY]);
    expect(await keysOf("q=demo-consumer-33&by=application")).toEqual([GREETING]);
    expect(await keysOf(`q=${instanceOnly.address}&by=address`)).toEqual(DEMO_KEYS);
    expect(await keysOf("q=127.0.0.6&by=address")).toEqual(DEMO_KEYS);
    expect(await keysOf("q=demo-consumer&by=service")).toEqual([]);
  });

  it("answers each item with the registries and levels it was seen at", async () => {
    const { services } = servicesResponseSchema.parse((await get("/api/v1/services?q=GreetingService")).body);
    expect(services.map((s) => [s.key, s.registries, s.sources, s.consumerApplications])).toEqual([[GREETING, [rig.zkAddress], ["interface", "instance"], ["demo-consumer-27", "demo-consumer-33"]]]);
  });

  it("pages with nextCursor until it is null, each service once", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const res = servicesResponseSchema.parse((await get(`/api/v1/services?q=service&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`)).body);
      expect(res.total).toBe(3);
      seen.push(...res.services.map((s) => s.key));
      cursor = res.nextCursor;
      if (cursor === null) break;
    }
    expect([seen, cursor]).toEqual([DEMO_KEYS, null]);
  });

  it("says its own time in Server-Timing, serves a repeated search from the kept answer, and never a kept answer after a change", async () => {
    const iface = "io.e2e.kept.Answers";
    const search = `/api/v1/services?q=kept-answers-app&by=application`;
    const timed = async () => {
      const res = await fetch(`${server.url}${search}`);
      const timing = /^search;dur=\d+\.\d\d;desc="(searched|cached)"$/.exec(res.headers.get("server-timing") ?? "");
      return { how: timing?.[1], body: servicesResponseSchema.parse(await res.json()) };
    };
    const zk = await connectTestZk(rig.zkConnectString);
    const node = (host: string) =>
      `/dubbo/${iface}/providers/${encodeURIComponent(`dubbo://${host}:20880/${iface}?interface=${iface}&application=kept-answers-app&side=provider&release=3.3.6`)}`;
    try {
      await zk.createWithData(node("127.0.0.12"), "");
      await waitFor("the first provider listed", async () => (await timed()).body.total === 1);
      const [first, second] = [await timed(), await timed()];
      expect(second.how).toBe("cached");
      expect(second.body).toEqual(first.body);
      expect(first.body.services[0]).toMatchObject({ key: iface, providers: 1 });
      await zk.createWithData(node("127.0.0.13"), "");
      // Every answer from here on is either the old revision's (until the watch fires) or the new one's: once 2, never 1 again.
      await waitFor("the second provider counted", async () => (await timed()).body.services[0]?.providers === 2);
      const after = [await timed(), await timed()];
      expect(after.map((a) => a.body.services[0]?.providers)).toEqual([2, 2]);
    } finally {
      await zk.removeTree(`/dubbo/${iface}`);
      zk.close();
      await waitFor("the test service gone", async () => (await timed()).body.total === 0);
    }
  });
});

describe("GET /api/v1/service", () => {
  it("answers a service in full: providers at both levels, consumers, exact methods", async () => {
    const { status, body } = await get(`/api/v1/service?key=${encodeURIComponent(GREETING)}`);
    expect(status).toBe(200);
    const detail = serviceDetailSchema.parse(body);
    expect(detail.providers.map((p) => [p.address, p.source, p.application, p.protocol, p.weight, p.enabled, p.disabled, p.registry])).toEqual(
      rig.providers
        .map((p) => [p.address, p.registerMode === "instance" ? "instance" : "interface", p.app, "dubbo", 100, true, false, rig.zkAddress])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]), "en", { numeric: true })),
    );
    const p27 = detail.providers.find((p) => p.address === provider27.address)!;
    expect(p27.url.startsWith(`dubbo://${provider27.address}/${GREETING}?`)).toBe(true);
    expect(p27.parameters).toMatchObject({ application: "demo-provider-27", interface: GREETING, release: "2.7.23", side: "provider" });
    expect(Object.keys(p27.parameters)).toEqual(Object.keys(p27.parameters).sort());
    expect(detail.consumers.map((c) => [c.application, c.release])).toEqual(
      expect.arrayContaining([
        ["demo-consumer-27", "2.7.23"],
        ["demo-consumer-33", "3.3.6"],
      ]),
    );
    expect([detail.methodsSource, detail.methods]).toEqual(["definition", GREETING_METHODS]);
    expect([detail.key, detail.group, detail.version, detail.stale]).toEqual([GREETING, "", "", []]);
  });

  it("answers 404 not_found naming a key nothing registers", async () => {
    const { status, body } = await get("/api/v1/service?key=io.nope.Service");
    expect(status).toBe(404);
    expect(body).toEqual({
      error: { code: "not_found", key: "io.nope.Service", message: 'no service "io.nope.Service" is registered in any registry; a key is group/interface:version as GET /api/v1/services lists it' },
    });
  });
});

describe("GET /api/v1/applications, /application and /address", () => {
  it("lists provider and consumer-only applications", async () => {
    const { applications, total } = applicationsResponseSchema.parse((await get("/api/v1/applications")).body);
    expect(applications.map((a) => [a.name, a.provides, a.consumes, a.instances, a.releases])).toEqual([
      ["demo-consumer-27", 0, 1, 1, ["2.7.23"]],
      ["demo-consumer-33", 0, 1, 1, ["3.3.6"]],
      ["demo-provider-27", 3, 0, 1, ["2.7.23"]],
      ["demo-provider-33", 3, 0, 1, ["3.3.6"]],
      ["demo-provider-33-instance", 3, 0, 1, ["3.3.6"]],
    ]);
    expect(total).toBe(5);
    expect(applicationsResponseSchema.parse((await get("/api/v1/applications?q=CONSUMER")).body).applications.map((a) => a.name)).toEqual(["demo-consumer-27", "demo-consumer-33"]);
  });

  it("details an application", async () => {
    const detail = applicationDetailSchema.parse((await get("/api/v1/application?name=demo-provider-27")).body);
    expect(detail).toEqual({
      name: "demo-provider-27",
      provides: [
        { key: FAULT_KEY, interface: DEMO.fault.interface, group: "", version: "2.0.0", count: 1 },
        { key: GREETING, interface: GREETING, group: "", version: "", count: 1 },
        { key: TYPES_KEY, interface: DEMO.types.interface, group: "demo", version: "1.0.0", count: 1 },
      ],
      consumes: [],
      instances: [{ address: provider27.address, host: "127.0.0.2", role: "provider", application: "demo-provider-27", release: "2.7.23", source: "interface", registry: rig.zkAddress, services: [...DEMO_KEYS].sort() }],
      stale: [],
    });
  });

  it("details an address, a host or host:port", async () => {
    const byHost = addressDetailSchema.parse((await get("/api/v1/address?value=127.0.0.6")).body);
    expect(byHost).toMatchObject({ value: "127.0.0.6", applications: ["demo-provider-33-instance"], consumes: [] });
    expect(byHost.provides.map((s) => s.key)).toEqual(DEMO_KEYS);
    expect(byHost.instances).toEqual([
      { address: instanceOnly.address, host: "127.0.0.6", role: "provider", application: "demo-provider-33-instance", release: "3.3.6", source: "instance", registry: rig.zkAddress, services: [...DEMO_KEYS].sort() },
    ]);
    const byPort = addressDetailSchema.parse((await get(`/api/v1/address?value=${instanceOnly.address}`)).body);
    expect(byPort).toEqual({ ...byHost, value: instanceOnly.address });
  });

  it.each([
    ["/api/v1/application?name=nobody", 'no application "nobody" provides or consumes a service in any registry', { name: "nobody" }],
    ["/api/v1/address?value=10.255.255.1", 'nothing is registered at "10.255.255.1" in any registry; give a host or host:port', { value: "10.255.255.1" }],
    ["/api/v1/address?value=127.0.0.2:1", 'nothing is registered at "127.0.0.2:1" in any registry; give a host or host:port', { value: "127.0.0.2:1" }],
  ])("%s answers 404 not_found saying what was not found", async (path, message, details) => {
    const { status, body } = await get(path);
    expect([status, body]).toEqual([404, { error: { code: "not_found", message, ...details } }]);
  });
});

const otherSearchCursor = async () => (await get("/api/v1/services?q=service&limit=1")).body.nextCursor as string;
const ANOTHER_SEARCH = "cursor belongs to another search (q or by differ): repeat that search's q and by, or leave cursor out to start again";
const NOT_OURS = "cursor is not one this API gave out: pass the nextCursor of an earlier answer unchanged";

describe("bad parameters answer 400 validation_failed, never 500", () => {
  it.each([
    ["/api/v1/services?by=host", "by", 'by must be one of service, application or address, got "host"'],
    ["/api/v1/services?by=", "by", 'by must be one of service, application or address, got ""'],
    ["/api/v1/services?cursor=abc", "cursor", NOT_OURS],
    ["/api/v1/services?cursor=%F0%9F%92%A9", "cursor", NOT_OURS],
    [`/api/v1/services?cursor=${"A".repeat(2001)}`, "cursor", "cursor must be at most 2000 characters: the nextCursor of an earlier answer"],
    ["/api/v1/services?limit=-1", "limit", 'limit must be a whole number from 1 to 10000, got "-1"'],
    ["/api/v1/service", "key", "key is required: a service key, group/interface:version"],
    ["/api/v1/service?key=%20%20", "key", "key is required: a service key, group/interface:version"],
    [`/api/v1/service?key=${"k".repeat(16_001)}`, "key", "key must be at most 16000 characters"],
    [`/api/v1/applications?q=${"a".repeat(201)}`, "q", "q must be at most 200 characters, got 201"],
    ["/api/v1/application", "name", "name is required: an application name"],
    ["/api/v1/application?name=", "name", "name is required: an application name"],
    [`/api/v1/application?name=${"n".repeat(301)}`, "name", "name must be at most 300 characters"],
    ["/api/v1/address", "value", "value is required: a host or host:port"],
    [`/api/v1/address?value=${"v".repeat(301)}`, "value", "value must be at most 300 characters"],
  ])("bad query %# answers 400 validation_failed naming the parameter", async (path, param, message) => {
    const { status, body } = await get(path);
    expect([status, body]).toEqual([400, { error: { code: "validation_failed", message: `invalid query: ${message}`, issues: [{ path: param, message }] } }]);
  });

  it("refuses a cursor from another search", async () => {
    for (const query of ["q=greet", "q=service&by=service", ""]) {
      const { status, body } = await get(`/api/v1/services?${query}&limit=1&cursor=${encodeURIComponent(await otherSearchCursor())}`);
      expect([status, body]).toEqual([400, { error: { code: "validation_failed", message: `invalid query: ${ANOTHER_SEARCH}`, issues: [{ path: "cursor", message: ANOTHER_SEARCH }] } }]);
    }
  });

  it.each(["key=%E0%A4%A", "key=%00", "key=a&key=b&key=", "name[]=x", "value=%FF%FE", "q=%2A%2A%2A%2A&by=service", "q=(((&by=service", "q=[&by=address"])(
    "never answers 500 to odd query strings (%s)",
    async (query) => {
      for (const path of ["/api/v1/service", "/api/v1/application", "/api/v1/address", "/api/v1/services", "/api/v1/applications"]) {
        const { status, body } = await get(`${path}?${query}`);
        expect([200, 400, 404]).toContain(status);
        if (status !== 200) expect(["validation_failed", "not_found"]).toContain(body.error.code);
      }
    },
  );
});

/** Resolves with the moment (performance.now()) a provider node on `host` appears under `path`, watching ZooKeeper directly. */
function whenNodeAppears(path: string, host: string): { at: Promise<number>; stop: () => void } {
  const client = zookeeper.createClient(rig.zkConnectString);
  let done = false;
  const at = new Promise<number>((resolve) => {
    const look = () => {
      if (done) return;
      client.getChildren(
        path,
        () => look(),
        (error, children) => {
          if (!error && children.some((c) => decodeURIComponent(c).includes(`://${host}:`))) {
            done = true;
            resolve(performance.now());
          }
        },
      );
    };
    client.once("connected", look);
    client.connect();
  });
  return { at, stop: () => client.close() };
}

const isServiceEvent = (key: string, kinds: readonly string[]) => (e: ReceivedEvent) => {
  const parsed = changeEventSchema.safeParse(e.data);
  return parsed.success && parsed.data.type === "service" && parsed.data.key === key && kinds.includes(parsed.data.kind);
};

describe("GET /api/v1/events", () => {
  it("streams a provider's registration within a second of it showing in ZooKeeper, and replays what a client missed after Last-Event-ID", async () => {
    const first = await openSse(`${server.url}/api/v1/events`);
    streams.push(first);
    expect([first.status, first.headers.get("content-type"), first.headers.get("content-encoding")]).toEqual([200, "text/event-stream; charset=utf-8", null]);
    // The first bytes come at once, not when a buffer fills: the stream is not held back.
    await first.waitFor("retry", (e) => e.retry !== null, 5_000);

    const appears = whenNodeAppears(`/dubbo/${DEMO.fault.interface}/providers`, LIVE.host);
    try {
      live = await startProvider({ line: "2.7", registry: rig.zkAddress, host: LIVE.host, app: LIVE.app, services: ["fault"] });
      const shownAt = await appears.at;
      const event = await first.waitFor(`providers of ${FAULT_KEY}`, isServiceEvent(FAULT_KEY, ["providers"]));
      expect(event.at - shownAt).toBeLessThan(1_000);
      expect(event.id).toMatch(/^\d+$/);
    } finally {
      appears.stop();
    }

    // Gone while no client listens: the reconnecting client gets it replayed.
    const lastId = first.events.filter((e) => e.id !== null).at(-1)!.id!;
    first.close();
    await live.stop();
    live = undefined;
    await waitFor("the provider to leave", async () => (await get(`/api/v1/service?key=${FAULT_KEY}`)).body.providers?.length === 3);
    const second = await openSse(`${server.url}/api/v1/events`, { "last-event-id": lastId });
    streams.push(second);
    const replayed = await second.waitFor(`the missed change of ${FAULT_KEY}`, isServiceEvent(FAULT_KEY, ["providers", "removed"]), 5_000);
    expect(BigInt(replayed.id!)).toBeGreaterThan(BigInt(lastId));
    expect(second.events.filter((e) => e.id !== null).map((e) => BigInt(e.id!))).toEqual(
      second.events
        .filter((e) => e.id !== null)
        .map((e) => BigInt(e.id!))
        .sort((a, b) => (a < b ? -1 : 1)),
    );
    second.close();
  });

  it("sends a reset to a client whose Last-Event-ID it cannot replay from", async () => {
    const client = await openSse(`${server.url}/api/v1/events`, { "last-event-id": "12" });
    streams.push(client);
    const reset = await client.waitFor("reset", (e) => changeEventSchema.safeParse(e.data).data?.type === "reset", 5_000);
    expect(reset.id).toMatch(/^\d+$/);
    client.close();
  });
});
