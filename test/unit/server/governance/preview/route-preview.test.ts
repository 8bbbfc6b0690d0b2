import { describe, expect, it } from "vitest";
import type { Consumer } from "@/lib/api/catalog-entities";
import { type RoutePreviewRequest, routePreviewBodySchema, routePreviewResponseSchema } from "@/lib/api/routing/route-preview";
import type { Route } from "@/lib/api/routing/routes";
import { NotFoundError } from "@/server/errors/request-errors";
import { RegistryUnavailableError } from "@/server/errors/governance-errors";
import { BLANK_RULE_MESSAGE, RuleSyntaxError } from "@/lib/routing/parse/rule-syntax-error";
import { type PreviewSources, previewRoute } from "@/server/governance/preview/route-preview";

const SERVICE = "com.foo.BarService";
const provider = (host: string, extra = "") => `dubbo://${host}:20880/${SERVICE}?application=bar&interface=${SERVICE}${extra}`;
const P1 = provider("10.0.0.1");
const P2 = provider("10.0.0.2");
const P3 = provider("10.0.0.3", "&zone=west");

/** A registered consumer; `release` null: its URL has no `release` (an old one: `dubbo` says the release, or only the protocol's `2.0.2`). */
function consumer(host: string, app: string, release: string | null = "2.7.23", dubbo = "2.0.2"): Consumer {
  const parameters: Record<string, string> = { application: app, dubbo, interface: SERVICE, side: "consumer", ...(release === null ? {} : { release }) };
  const query = Object.entries(parameters)
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  return { url: `consumer://${host}/${SERVICE}?${query}`, address: host, host, application: app, release: release ?? dubbo, registry: "zk", parameters };
}

function route(id: string, rule: string, over: Partial<Route> = {}): Route {
  return {
    id,
    registry: "zk",
    service: SERVICE,
    group: "",
    version: "",
    name: id,
    rule,
    priority: 0,
    force: false,
    runtime: false,
    enabled: true,
    targets: ["registry"],
    configCenter: "none",
    origin: { writer: "console", loaded: true, reason: null },
    revision: `rev-${id}`,
    node: `/dubbo/${SERVICE}/routers/${id}`,
    url: `route://0.0.0.0/${SERVICE}?name=${id}`,
    ...over,
  };
}

/** A registry holding `providers`, `consumers` and `routes` for SERVICE only. */
function sources(state: { providers?: string[]; consumers?: Consumer[]; routes?: Route[]; down?: boolean } = {}): PreviewSources {
  return {
    catalog: {
      routing: (key) => {
        if (state.down) throw new RegistryUnavailableError("no registry has been read yet");
        if (key !== SERVICE) throw new NotFoundError(`no service ${key}`);
        return { providers: state.providers ?? [], consumers: state.consumers ?? [] };
      },
    },
    routes: {
      list: (q) => {
        if (state.down) throw new RegistryUnavailableError("no registry has been read yet");
        return { routes: q.service === SERVICE ? (state.routes ?? []) : [] };
      },
    },
  };
}

const preview = async (request: Omit<RoutePreviewRequest, "service"> & { service?: string }, from = sources()) =>
  previewRoute(routePreviewBodySchema.parse({ service: SERVICE, ...request }), from);

describe("POST /api/v1/routes/preview: the draft on one consumer", () => {
  it("leaves each provider's explanation out (null) with explain: false, the reason in words kept", async () => {
    const body = { rule: "host = 1.1.1.1 => host = 10.0.0.2", consumer: consumer("1.1.1.1", "x").url, providers: [P1, P2] };
    const full = await preview(body);
    const lean = await preview({ ...body, explain: false });
    expect(lean.providers.map((p) => [p.url, p.kept, p.reason, p.conditions])).toEqual(full.providers.map((p) => [p.url, p.kept, p.reason, null]));
    expect(full.providers.every((p) => p.conditions !== null)).toBe(true);
    expect(lean.reasons).toEqual(full.reasons);
    expect(() => routePreviewResponseSchema.parse(lean)).not.toThrow();
  });

  it("answers whenMatched, the providers the router returns, and a reason for each provider", async () => {
    const answer = await preview({ rule: "host = 1.1.1.1 => host = 10.0.0.2", consumer: consumer("1.1.1.1", "x").url, providers: [P1, P2] });
    expect(answer.whenMatched).toBe(true);
    expect(answer.result).toEqual([P2]);
    expect(answer.providers.map((p) => [p.url, p.kept, p.reason])).toEqual([
      [P1, false, "dropped: host 10.0.0.1 is not in 10.0.0.2"],
      [P2, true, 'kept: host 10.0.0.2 matches "10.0.0.2"'],
    ]);
    expect(answer.providers[0]!.conditions!.keys[0]).toMatchObject({ key: "host", value: "10.0.0.1", verdict: "not-matched", matched: false });
    expect(answer.when.keys.map((k) => k.text)).toEqual(['host 1.1.1.1 matches "1.1.1.1"']);
    expect(answer.providersFrom).toBe("request");
    expect(() => routePreviewResponseSchema.parse(answer)).not.toThrow();
  });

  it("returns the providers in input order with duplicates kept, exactly as given", async () => {
    const answer = await preview({ rule: "=> host != 10.0.0.1", consumer: consumer("1.1.1.1", "x").url, providers: [P2, P1, P2] });
    expect(answer.result).toEqual([P2, P2]);
  });

  it("rejects a rule Java rejects, with the offset of the bad separator", async () => {
    const error = await preview({ rule: "host = 1 => , 2", consumer: consumer("1.1.1.1", "x").url, providers: [P1] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuleSyntaxError);
    expect((error as RuleSyntaxError).offset).toBe(12);
  });

  it("rejects a blank rule, with force or not, as the save does (400 invalid_rule at offset 0)", async () => {
    for (const [rule, force] of [["", true], ["", false], ["  ", true]] as const) {
      const error = await preview({ rule, force, consumer: consumer("1.1.1.1", "x").url, providers: [P1] }).catch((e: unknown) => e);
      expect(error, JSON.stringify(rule)).toBeInstanceOf(RuleSyntaxError);
      expect([(error as RuleSyntaxError).code, (error as RuleSyntaxError).offset, (error as RuleSyntaxError).message]).toEqual(["invalid_rule", 0, BLANK_RULE_MESSAGE]);
    }
  });

  it("previews against the registry's providers when the request lists none", async () => {
    const answer = await preview({ rule: "=> host = 10.0.0.1", consumer: consumer("1.1.1.1", "x").url }, sources({ providers: [P1, P2] }));
    expect(answer.providersFrom).toBe("registry");
    expect(answer.result).toEqual([P1]);
  });

  it("answers not_found for a service the registry does not know when no provider is listed", async () => {
    const error = await preview({ service: "com.foo.Nope", rule: "=> host = 1", consumer: "consumer://1.1.1.1/com.foo.Nope" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).message).toContain('list them in "providers"');
  });

  it("says where Dubbo 2.7 and 3.x give the consumer different providers", async () => {
    // A provider without `zone`: 2.7 passes a key with only != values, 3.x fails any missing key.
    const answer = await preview({ rule: "=> zone != east", force: true, consumer: consumer("1.1.1.1", "x").url, providers: [P1, P3] });
    expect(answer.result).toEqual([P1, P3]);
    expect(answer.otherSemantics).toMatchObject({ semantics: "3.x", result: [P3], differs: true, problem: null });
    const same = await preview({ rule: "=> host = 10.0.0.1", consumer: consumer("1.1.1.1", "x").url, providers: [P1, P3] });
    expect(same.otherSemantics?.differs).toBe(false);
  });
});

describe("the chain view", () => {
  const saved = [
    route("keep-west", "=> zone = west", { priority: 5 }),
    route("no-p1", "=> host != 10.0.0.1", { priority: -1 }),
    route("off", "=> host = 10.0.0.9", { enabled: false }),
    route("foreign", "=> host = 10.0.0.9", { origin: { writer: "dubbo-admin", loaded: false, reason: "a Dubbo Admin copy for 2.6 consumers" } }),
    route("broken", "=> , x", { priority: 1 }),
  ];

  it("runs every enabled loaded route and the draft in priority order, each on what the previous one left", async () => {
    const answer = await preview(
      { rule: "=> host != 10.0.0.2", priority: 3, consumer: consumer("1.1.1.1", "x").url, providers: [P1, P2, P3] },
      sources({ providers: [P1, P2, P3], routes: saved }),
    );
    const chain = answer.chain!;
    expect(chain.steps.map((s) => [s.name, s.input, s.output, s.skipped === null])).toEqual([
      ["no-p1", 3, 2, true],
      ["broken", 2, 2, false],
      ["this draft", 2, 1, true],
      ["keep-west", 1, 1, true],
    ]);
    expect(chain.steps[1]!.skipped).toMatch(/^Dubbo skips this route: invalid rule/);
    expect(chain.steps[2]!.dropped).toEqual([{ url: P2, reason: "dropped: host 10.0.0.2 matches the excluded \"10.0.0.2\"" }]);
    expect(chain.result).toEqual([P3]);
    expect(chain.left).toEqual([
      { id: "off", name: "off", why: "disabled" },
      { id: "foreign", name: "foreign", why: "a Dubbo Admin copy for 2.6 consumers" },
    ]);
  });

  it("puts the draft in place of the saved route it edits", async () => {
    const answer = await preview(
      { id: "no-p1", rule: "=> host != 10.0.0.3", priority: -1, consumer: consumer("1.1.1.1", "x").url, providers: [P1, P2, P3] },
      sources({ providers: [P1, P2, P3], routes: [saved[1]!] }),
    );
    expect(answer.chain!.steps.map((s) => s.name)).toEqual(["this draft"]);
    expect(answer.chain!.result).toEqual([P1, P2]);
    expect(answer.chain!.left).toEqual([{ id: "no-p1", name: "no-p1", why: "the draft replaces it" }]);
  });

  it("runs the routes after an empty list in 2.7, which hand it back, and stops there in 3.x", async () => {
    const from = sources({ providers: [P1], routes: [route("later", "=> host = 10.0.0.1", { priority: 9 })] });
    const v27 = await preview({ rule: "=> false", consumer: consumer("1.1.1.1", "x").url, providers: [P1] }, from);
    expect(v27.chain!.steps.map((s) => [s.name, s.outcome, s.skipped, s.input, s.output])).toEqual([
      ["this draft", "blacklist", null, 1, 0],
      ["later", "no-providers", null, 0, 0],
    ]);
    const v3 = await preview({ rule: "=> false", semantics: "3.x", consumer: consumer("1.1.1.1", "x").url, providers: [P1] }, from);
    expect(v3.chain!.steps.map((s) => [s.name, s.outcome, s.skipped])).toEqual([
      ["this draft", "blacklist", null],
      ["later", null, "not run: no provider is left, and Dubbo 3 stops the chain there"],
    ]);
    expect([v27.chain!.result, v3.chain!.result]).toEqual([[], []]);
  });

  it("names at most 100 of the providers a step drops, and counts them all", async () => {
    const many = Array.from({ length: 150 }, (_, i) => provider(`10.0.1.${i}`));
    const answer = await preview({ rule: "=> host = 10.0.1.0", consumer: consumer("1.1.1.1", "x").url }, sources({ providers: many }));
    const step = answer.chain!.steps[0]!;
    expect([step.input, step.output, step.dropped.length, step.dropped[0]]).toEqual([150, 1, 100, { url: many[1], reason: "dropped: host 10.0.1.1 is not in 10.0.1.0" }]);
  });

  it("leaves the chain and impact out, and says why, when the registry cannot be read but providers are listed", async () => {
    const answer = await preview({ rule: "=> host = 10.0.0.1", consumer: consumer("1.1.1.1", "x").url, providers: [P1, P2] }, sources({ down: true }));
    expect(answer.result).toEqual([P1]);
    expect(answer.chain).toBeNull();
    expect(answer.impact).toBeNull();
    expect(answer.notes).toEqual(["The registry could not be read (no registry has been read yet): no chain or impact view."]);
  });
});

describe("the impact view", () => {
  it("counts the registered consumers whose providers the draft changes, and how", async () => {
    const consumers = [consumer("1.1.1.1", "shop"), consumer("2.2.2.2", "admin"), consumer("3.3.3.3", "shop")];
    const answer = await preview(
      { rule: "application = shop => host = 10.0.0.1", consumer: consumers[0]!.url },
      sources({ providers: [P1, P2], consumers, routes: [route("saved", "host = 3.3.3.3 => host = 10.0.0.2")] }),
    );
    const impact = answer.impact!;
    expect([impact.total, impact.changed]).toEqual([3, 1]);
    expect(impact.consumers.map((c) => [c.host, c.before, c.after, c.changed, c.gained, c.lost])).toEqual([
      ["1.1.1.1", 2, 1, true, [], [P2]],
      ["2.2.2.2", 2, 2, false, [], []],
      // The saved route already sends 3.3.3.3 to 10.0.0.2 only; the draft, after it, finds no 10.0.0.1 and falls back.
      ["3.3.3.3", 1, 1, false, [], []],
    ]);
  });

  it("leaves both views out when asked for none, and then reads no registry for listed providers", async () => {
    const answer = await preview({ rule: "=> host = 10.0.0.1", consumer: consumer("1.1.1.1", "x").url, providers: [P1, P2], include: [] }, sources({ down: true }));
    expect([answer.chain, answer.impact, answer.otherSemantics, answer.notes]).toEqual([null, null, null, []]);
  });
});

describe("the impact view, each consumer judged as its Dubbo release routes", () => {
  // A provider without `zone`: Dubbo 2.7 passes a key with only != values, Dubbo 3 fails any missing key.
  const request = { rule: "=> zone != east", force: true, semantics: "3.x" as const, consumer: consumer("9.9.9.9", "x").url };
  const registered = [
    consumer("1.1.1.1", "a", "2.7.23"),
    consumer("2.2.2.2", "b", "3.0.4"),
    consumer("3.3.3.3", "c", "3.3.6"),
    consumer("4.4.4.4", "d", null),
    consumer("5.5.5.5", "e", null, "2.6.2"),
    consumer("6.6.6.6", "f", "next"),
  ];
  const judged = async () => (await preview(request, sources({ providers: [P1, P3], consumers: registered }))).impact!;

  it("routes a 2.x or 3.0.0-3.0.4 consumer with 2.7 semantics, whatever the request's (an old one's release read from `dubbo`)", async () => {
    const rows = (await judged()).consumers.filter((c) => ["a", "b", "e"].includes(c.application));
    expect(rows.map((c) => [c.release, c.basis, c.semantics, c.before, c.after, c.changed])).toEqual([
      ["2.7.23", "release", "2.7", 2, 2, false],
      ["3.0.4", "release", "2.7", 2, 2, false],
      ["2.6.2", "release", "2.7", 2, 2, false],
    ]);
    expect(rows[0]!.routing).toBe("Dubbo 2.7.23 runs registry routes with ConditionRouter: judged with 2.7 semantics, ConditionRouter (Dubbo 2.7.23)");
    expect(rows[1]!.routing).toContain("the closest the console has to its 3.0 ConditionRouter");
  });

  it("leaves a 3.0.5+ consumer unjudged: it ignores registry routes", async () => {
    const row = (await judged()).consumers.find((c) => c.application === "c")!;
    expect(row).toMatchObject({ release: "3.3.6", basis: "ignores-registry", semantics: null, routing: "Dubbo 3.3.6 obeys only the config-center copy, which this save does not write: unaffected", before: null, after: null, changed: false, problem: null });
  });

  it("judges a consumer of unknown release with the request's semantics, and says so", async () => {
    const rows = (await judged()).consumers.filter((c) => ["d", "f"].includes(c.application));
    expect(rows.map((c) => [c.release, c.basis, c.semantics, c.before, c.after, c.changed, c.lost, c.lostCount])).toEqual([
      ["", "unknown-release", "3.x", 2, 1, true, [P1], 1],
      ["next", "unknown-release", "3.x", 2, 1, true, [P1], 1],
    ]);
    expect(rows.map((c) => c.routing)).toEqual([
      "its URL states no Dubbo release: judged by the registry copy with the request's 3.x semantics, ConditionStateRouter (Dubbo 3.3)",
      "\"next\" is not a Dubbo release this console knows: judged by the registry copy with the request's 3.x semantics, ConditionStateRouter (Dubbo 3.3)",
    ]);
  });

  it("counts the consumers that change and those that ignore registry routes", async () => {
    const impact = await judged();
    expect([impact.total, impact.changed, impact.ignoring]).toEqual([6, 2, 1]);
    expect(() => routePreviewResponseSchema.shape.impact.parse(impact)).not.toThrow();
  });
});
