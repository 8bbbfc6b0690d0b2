import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as byId from "@/app/api/v1/routes/[id]/route";
import * as enable from "@/app/api/v1/routes/[id]/enable/route";
import * as routes from "@/app/api/v1/routes/route";
import { ROUTE_RULE_MAX_LENGTH } from "@/lib/api/routing/routes";
import { checkConfigCondition, checkCopyRule, checkRegistryRule } from "@/server/governance/rules/condition/rule-checks";
import { fingerprintRouteId, parseRouteId, revisionOf, stableRouteId } from "@/server/governance/rules/condition/route-id";
import { parseConfig } from "@/server/runtime/config";
import { findEngine, startEngine } from "@/server/runtime/engine";

beforeAll(() => {
  // A registry that refuses connections: input is judged before any registry is asked, and nothing may hang on it.
  startEngine(parseConfig({ DUBBO_REGISTRY: "zookeeper://127.0.0.1:1", LOG_LEVEL: "error" }));
});
afterAll(() => findEngine()?.close());

type Handler = (request: Request) => Promise<Response>;
interface ErrorAnswer {
  status: number;
  error: { code: string; message: string; issues?: { path: string; message: string }[] };
}

async function send(handler: Handler, method: string, path: string, body?: unknown, contentType = "application/json"): Promise<ErrorAnswer> {
  const init: RequestInit = body === undefined ? { method } : { method, headers: { "content-type": contentType }, body: typeof body === "string" ? body : JSON.stringify(body) };
  const res = await handler(new Request(`http://console${path}`, init));
  return { status: res.status, ...((await res.json()) as { error: ErrorAnswer["error"] }) };
}

const post = (body: unknown) => send(routes.POST, "POST", "/api/v1/routes", body);
const valid = { service: "com.foo.BarService", name: "pin", rule: "host = 10.0.0.1 => host = 10.0.0.2" };
const someId = stableRouteId(0, "com.foo.BarService", { group: "", version: "", name: "pin" });
const oldId = fingerprintRouteId(0, "com.foo.BarService", "route%3A%2F%2F0.0.0.0%2Fcom.foo.BarService%3Fcategory%3Drouters");

describe("POST /api/v1/routes refuses what it cannot save, before asking the registry", () => {
  it.each([
    ["no name", { ...valid, name: undefined }, "name", /^name must be 1 to 100 letters/],
    ["a name with a separator of URLs", { ...valid, name: "a&b" }, "name", /^name must be .*, got "a&b"$/],
    ["a name ending in a space", { ...valid, name: "pin " }, "name", /not starting or ending with a space/],
    ["a service that is not an interface name", { ...valid, service: "com.foo/Bar" }, "service", /^service must be a Java interface name/],
    ["a group with a /", { ...valid, group: "a/b" }, "group", /^group must be letters, digits/],
    ["a blank rule", { ...valid, rule: " \t\n" }, "rule", /^rule must not be blank/],
    ["a rule over the limit", { ...valid, rule: "x".repeat(ROUTE_RULE_MAX_LENGTH + 1) }, "rule", new RegExp(`^rule must be at most ${ROUTE_RULE_MAX_LENGTH} characters, got ${ROUTE_RULE_MAX_LENGTH + 1}$`)],
    ["a rule with a lone surrogate", { ...valid, rule: "=> host = \ud800" }, "rule", /valid Unicode/],
    ["a fractional priority", { ...valid, priority: 1.5 }, "priority", /^priority must be a whole number from -2147483648 to 2147483647/],
    ["a priority beyond Java's int", { ...valid, priority: 2 ** 31 }, "priority", /got 2147483648$/],
    ["a force that is not a boolean", { ...valid, force: "yes" }, "force", /^force must be true or false, got "yes"$/],
    ["targets without the registry", { ...valid, targets: ["config-center"] }, "targets", /^targets must be \["registry"\] or/],
    ["an unknown field", { ...valid, prority: 3 }, "(body)", /^unknown field "prority"/],
    ["a body that is not an object", [valid], "(body)", /^the body must be a JSON object, got an array$/],
  ])("400 for %s, naming the field", async (_, body, path, message) => {
    const answer = await post(body);
    expect([answer.status, answer.error.code]).toEqual([400, "validation_failed"]);
    expect(answer.error.issues).toContainEqual({ path, message: expect.stringMatching(message) });
  });

  it("takes a config-center copy as a target: judged like any body, then 503 at once, the registry not being connected", async () => {
    const bad = await post({ ...valid, rule: "host = ,a => b", targets: ["registry", "config-center"] });
    expect([bad.status, bad.error.code]).toEqual([400, "invalid_rule"]);
    const answer = await post({ ...valid, targets: ["registry", "config-center"] });
    expect([answer.status, answer.error.code]).toEqual([503, "registry_unavailable"]);
  });

  it("400 for a registry that is not configured, listing those that are", async () => {
    const answer = await post({ ...valid, registry: "zookeeper://elsewhere:2181" });
    expect([answer.status, answer.error.issues?.[0]?.path]).toEqual([400, "registry"]);
    expect(answer.error.message).toContain('"zookeeper://127.0.0.1:1"');
  });

  it("415 for a body that is not JSON", async () => {
    expect((await send(routes.POST, "POST", "/api/v1/routes", "service=x", "application/x-www-form-urlencoded")).status).toBe(415);
  });

  it("takes a rule of exactly the limit, and then answers 503 at once: the registry is not connected", async () => {
    const started = Date.now();
    const answer = await post({ ...valid, rule: `=> host = ${"1".repeat(ROUTE_RULE_MAX_LENGTH - 10)}` });
    expect([answer.status, answer.error.code]).toEqual([503, "registry_unavailable"]);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it("answers GET with 503 while no registry has been read", async () => {
    expect((await send(routes.GET, "GET", "/api/v1/routes?service=com.foo.BarService")).status).toBe(503);
  });
});

describe("the routes of one id", () => {
  it("400 for an id this API did not give out", async () => {
    const answer = await send(byId.PUT, "PUT", "/api/v1/routes/nonsense", { revision: "x", priority: 1 });
    expect([answer.status, answer.error.issues?.[0]?.path]).toEqual([400, "id"]);
    expect(answer.error.message).toMatch(/^id "nonsense" is not a route id this API gave out/);
  });

  it("400 for an edit or delete without a revision, in the body, the query or If-Match", async () => {
    for (const id of [someId, oldId]) {
      const edit = await send(byId.PUT, "PUT", `/api/v1/routes/${id}`, { priority: 1 });
      expect([edit.status, edit.error.issues]).toEqual([400, [{ path: "revision", message: "required (or If-Match)" }]]);
      const del = await send(byId.DELETE, "DELETE", `/api/v1/routes/${id}`);
      expect([del.status, del.error.issues?.[0]?.path]).toEqual([400, "revision"]);
    }
    expect((await send(byId.PUT, "PUT", `/api/v1/routes/${someId}`, { revision: "", priority: 1 })).status).toBe(400);
  });

  it("400 when the body's revision and If-Match disagree, or If-Match names several", async () => {
    const put = (headers: Record<string, string>, body: unknown) =>
      byId.PUT(new Request(`http://console/api/v1/routes/${someId}`, { method: "PUT", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) }));
    const mismatch = await put({ "if-match": '"BBBBBBBBBBBBBBBB"' }, { revision: "AAAAAAAAAAAAAAAA", priority: 1 });
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as ErrorAnswer).error.message).toBe('the revision in the request ("AAAAAAAAAAAAAAAA") and If-Match ("BBBBBBBBBBBBBBBB") disagree');
    expect((await put({ "if-match": '"a", "b"' }, { priority: 1 })).status).toBe(400);
    const toggle = await enable.POST(new Request(`http://console/api/v1/routes/${someId}/enable?revision=AAAAAAAAAAAAAAAA`, { method: "POST", headers: { "if-match": "BBBBBBBBBBBBBBBB" } }));
    expect(toggle.status).toBe(400);
  });

  it("takes the revision from If-Match alone, then asks the registry (503 at once: not connected)", async () => {
    const res = await byId.PUT(new Request(`http://console/api/v1/routes/${someId}`, { method: "PUT", headers: { "content-type": "application/json", "if-match": 'W/"AAAAAAAAAAAAAAAA"' }, body: JSON.stringify({ priority: 1 }) }));
    expect(res.status).toBe(503);
    expect((await send(byId.DELETE, "DELETE", `/api/v1/routes/${someId}?revision=AAAAAAAAAAAAAAAA`)).status).toBe(503);
    expect((await send(enable.POST, "POST", `/api/v1/routes/${someId}/enable`)).status).toBe(503);
  });

  it("answers GET of one route with 503 while its registry has not been read, and serves only the methods it has", async () => {
    expect((await send(byId.GET, "GET", `/api/v1/routes/${someId}`)).status).toBe(503);
    expect((await send(byId.GET, "GET", "/api/v1/routes/nonsense")).status).toBe(400);
    expect((await send(byId.POST, "POST", `/api/v1/routes/${someId}`, {})).status).toBe(405);
    expect((await send(enable.GET, "GET", `/api/v1/routes/${someId}/enable`)).status).toBe(405);
  });
});

describe("route ids and revisions", () => {
  it("a stable id says where the route is and which, by group, version and name, and comes back unchanged", () => {
    const id = stableRouteId(2, "io.x.Outer%24Inner", { group: "g", version: "", name: "pin to é" });
    expect(id).toBe("2.aW8ueC5PdXRlciUyNElubmVy.Zw..cGluIHRvIMOp");
    expect(parseRouteId(id)).toEqual({ kind: "stable", registry: 2, dir: "io.x.Outer%24Inner", group: "g", version: "", name: "pin to é" });
    expect(stableRouteId(2, "io.x.Outer%24Inner", { group: "g", version: "", name: "pin" })).not.toBe(id);
  });

  it("a fingerprint id says where the node is and which one, and comes back unchanged", () => {
    const node = "route%3A%2F%2F0.0.0.0%2Fa.B%3Frule%3Dx";
    const id = fingerprintRouteId(2, "io.x.Outer%24Inner", node);
    expect(parseRouteId(id)).toEqual({ kind: "fingerprint", registry: 2, dir: "io.x.Outer%24Inner", revision: revisionOf(node) });
    expect(revisionOf(node)).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(revisionOf(`${node}x`)).not.toBe(revisionOf(node));
  });

  it.each(["", "0..AAAAAAAAAAAAAAAA", "0.YS9i.AAAAAAAAAAAAAAAA", "x.YQ.AAAAAAAAAAAAAAAA", "0.YQ.short", "0.YQ...", "0.YQ.Zw.Zw.Zw.Zw", "0.YQ..YR.Zw", "0.YS9i...cGlu"])("refuses %j", (id) => {
    expect(() => parseRouteId(id)).toThrow(/is not a route id this API gave out/);
  });
});

describe("the rule checks wired into the stores", () => {
  it("refuses a registry route's rule Dubbo 2.7.23 would refuse, with the offset of the bad separator, and one over the limit naming it", () => {
    expect(() => checkRegistryRule("host = 10.0.0.1 => host = 10.0.0.2")).not.toThrow();
    expect(() => checkRegistryRule("host = ,a => host = b")).toThrow(expect.objectContaining({ code: "invalid_rule", offset: 7 }));
    expect(() => checkRegistryRule("x".repeat(ROUTE_RULE_MAX_LENGTH + 1))).toThrow(`rule must be at most ${ROUTE_RULE_MAX_LENGTH} characters, got ${ROUTE_RULE_MAX_LENGTH + 1}`);
  });

  it("checks a route going to the config center with Dubbo 3.3's parser too, which refuses the empty rule 2.7 reads as `rule`", () => {
    expect(() => checkRegistryRule("")).not.toThrow();
    expect(() => checkCopyRule("")).toThrow(expect.objectContaining({ code: "invalid_rule", offset: 0 }));
    expect(() => checkCopyRule("host = ,a => host = b")).toThrow(expect.objectContaining({ code: "invalid_rule", offset: 7 }));
    expect(() => checkCopyRule("=> host = 10.0.0.2")).not.toThrow();
  });

  it("says why Dubbo 3.3 would refuse a config-center condition, and null for one it accepts", () => {
    expect(checkConfigCondition("=> host = 127.0.0.2")).toBeNull();
    expect(checkConfigCondition("host = ,a => host = b")).toMatch(/\S/);
  });
});
