import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { z } from "zod";
import { HTTP_STATUS } from "@/app/api/_lib/http-status";
import { configRoutesResponseSchema } from "@/lib/api/routing/config-routes";
import { configsResponseSchema } from "@/lib/api/overrides/configs";
import { routeSchema, routesResponseSchema } from "@/lib/api/routing/routes";
import { tagRoutesResponseSchema } from "@/lib/api/tag-routes";
import { grayFlowsResponseSchema } from "@/lib/api/gray-flows";
import { ERROR_CODES, type ErrorCode } from "@/lib/errors";
import { type ApiRouteFile, apiRouteFiles } from "../support/api-routes";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { connectTestZk } from "../support/zk-client";
import { FUZZ_SEED, fuzzParameters, hostileJsonValue, mutatedJson, nearBody, schemaKeys } from "../support/fuzz";

/**
 * Every API route, every method, fuzzed against the real console (`next start` of the
 * build) on the rig's ZooKeeper and Java providers: random JSON bodies (wrong types, deep
 * nesting, huge strings, near-valid objects of the schema's own fields), bytes that are not
 * JSON or not UTF-8, odd content types, random and repeated query parameters, junk path
 * segments. Every answer must be the endpoint's value or a typed error: never a 500, always
 * `{ error: { code, message } }` with a code of ERROR_CODES and the status HTTP_STATUS gives
 * it. The routes are read from app/api, so a new endpoint is fuzzed without editing this.
 *
 * The one 5xx allowed: POST /api/v1/invoke may answer what the provider did (no provider,
 * timeout, remote error, connection failure), which is the call's outcome, not a crash.
 */

const rig = inject("rig");
const routes = apiRouteFiles();
/** A service of this run only: valid bodies create routes and rules under it, removed afterwards. */
const SERVICE = `io.dubboconsole.fuzz.Fuzz${process.pid}x${Date.now().toString(36)}`;
const INVOKE_OUTCOME_CODES: readonly ErrorCode[] = ["no_provider", "timeout", "remote_error", "connection_failed", "provider_read_only", "codec_error"];
const IMPLEMENTED_RUNS = 150;
const OTHER_RUNS = 15;
const REQUEST_TIMEOUT_MS = 30_000;

let server: ConsoleHandle;
let seedRoute: z.infer<typeof routeSchema>;
/** Stand for the seed route's id and revision as they are when a request is sent: fuzzed edits change both. */
const SEED_ID = "@@SEED_ID@@";
const SEED_REVISION = "@@SEED_REVISION@@";
const GREETING = "io.dubboconsole.demo.api.GreetingService";
const before = { routes: new Set<string>(), rules: new Set<string>(), dirs: new Set<string>(), configs: new Set<string>(), tagRoutes: new Set<string>() };
/** The application of the tag rules valid bodies create (no provider has it, so no consumer is moved). */
const TAG_APP = `fuzz-tag-app-${process.pid}`;
/** Answers per endpoint and method (`POST /api/v1/routes` → status → count), printed at the end. */
const tally = new Map<string, Map<number, number>>();

async function routeIds(): Promise<z.infer<typeof routeSchema>[]> {
  return routesResponseSchema.parse(await (await fetch(`${server.url}/api/v1/routes`)).json()).routes;
}
async function configList() {
  return configsResponseSchema.parse(await (await fetch(`${server.url}/api/v1/configs`)).json()).configs;
}
async function tagRouteList() {
  return tagRoutesResponseSchema.parse(await (await fetch(`${server.url}/api/v1/tag-routes`)).json()).tagRoutes;
}
async function ruleList() {
  return configRoutesResponseSchema.parse(await (await fetch(`${server.url}/api/v1/config-routes`)).json()).routes;
}

beforeAll(async () => {
  // Every fuzzed write is a change by the one anonymous user: a budget (CONSOLE_WRITE_RATE) that
  // hundreds of valid bodies and the clean-up's deletes stay within, so they reach the store.
  server = await startConsole({ DUBBO_REGISTRY: rig.zkAddress, CONSOLE_AUTH: "off", CONSOLE_WRITE_RATE: "100000/100000" });
  await waitForRegistrySync(server.url);
  for (const r of await routeIds()) before.routes.add(r.id);
  for (const r of await ruleList()) before.rules.add(`${r.registry}|${r.key}`);
  for (const c of await configList()) before.configs.add(`${c.key}|${JSON.stringify(c.parameters)}|${c.providerAddresses.join()}`);
  for (const t of await tagRouteList()) before.tagRoutes.add(t.id);
  const zk = await connectTestZk(rig.zkConnectString);
  for (const dir of await zk.children("/dubbo")) before.dirs.add(dir);
  zk.close();
  const created = await fetch(`${server.url}/api/v1/routes`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ service: SERVICE, name: "fuzz-seed", rule: "host = 10.0.0.1 => host = 10.0.0.2" }),
  });
  expect(created.status).toBe(201);
  seedRoute = routeSchema.parse(await created.json());
});

/** The seed route as it is now (fuzzed edits and deletes change it), created again when gone. */
async function currentSeed(): Promise<z.infer<typeof routeSchema>> {
  const { routes: now } = routesResponseSchema.parse(await (await fetch(`${server.url}/api/v1/routes?service=${SERVICE}`)).json());
  const found = now.find((r) => r.id === seedRoute.id) ?? now[0];
  if (found) return (seedRoute = found);
  const created = await fetch(`${server.url}/api/v1/routes`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ service: SERVICE, name: "fuzz-seed", rule: "host = 10.0.0.1 => host = 10.0.0.2" }),
  });
  expect(created.status).toBe(201);
  return (seedRoute = routeSchema.parse(await created.json()));
}

/** `text` with the seed markers replaced by the seed route's current id and revision. */
async function withSeed(text: string, encode: (s: string) => string): Promise<string> {
  if (!text.includes(SEED_ID) && !text.includes(SEED_REVISION)) return text;
  const seed = await currentSeed();
  return text.replaceAll(SEED_ID, encode(seed.id)).replaceAll(SEED_REVISION, encode(seed.revision));
}

/**
 * A valid body for each body schema the route files name: the fuzzer sends them with one to
 * three fields replaced, so that most requests get past validation into the services, where
 * a 500 would hide. A new body schema without an example fails the test that checks this.
 */
const VALID_BODIES: Record<string, () => unknown[]> = {
  rollbackBodySchema: () => [{ auditId: "0000000001" }, { auditId: "9999999999" }],
  signInBodySchema: () => [{ name: "fuzz", password: "not-a-password" }],
  createRouteBodySchema: () => [{ service: SERVICE, name: "fuzz-a", rule: "host = 10.0.0.1 => host = 10.0.0.2", priority: 1, force: false, runtime: false, enabled: true, targets: ["registry"] }],
  replaceRouteBodySchema: () => [{ revision: SEED_REVISION, rule: "host = 10.0.0.3 => host = 10.0.0.4", priority: 2, enabled: true, targets: ["registry", "config-center"] }],
  configRoutePutSchema: () => [{ scope: "service", key: `${SERVICE}::`, enabled: true, force: false, runtime: true, priority: 0, conditions: ["=> host = 10.0.0.9"] }, { scope: "application", key: "fuzz-app", conditions: ["method = greet => host != 10.0.0.1"], revision: 0 }],
  createConfigBodySchema: () => [
    { scope: "service", service: SERVICE, side: "consumer", parameters: { timeout: "3000" }, targets: ["registry", "center"] },
    { scope: "application", application: "fuzz-app", side: "provider", addresses: ["10.0.0.1:20880"], services: [`${SERVICE}:1.0.0`], parameters: { weight: "50" }, enabled: false },
  ],
  replaceConfigBodySchema: () => [{ scope: "service", service: SERVICE, side: "consumer", providerAddresses: ["10.0.0.1:20880"], parameters: { retries: "0" }, revision: "fuzz-revision" }],
  toggleConfigBodySchema: () => [{ revision: "fuzz-revision" }, { revision: "fuzz-revision", allowStranding: true }],
  configPreviewBodySchema: () => [
    { config: { scope: "service", service: GREETING, side: "consumer", providerAddresses: ["127.0.0.2:20880"], parameters: { disabled: "true" } }, consumer: { url: `consumer://127.0.0.9/${GREETING}?application=fuzz&side=consumer`, release: "2.7.23" } },
    { config: { scope: "application", application: "demo-consumer-27", side: "consumer", parameters: { timeout: "300" } }, service: GREETING },
  ],
  createTagRouteBodySchema: () => [
    { application: TAG_APP, rule: { force: true, tags: [{ name: "gray", addresses: ["10.0.0.1/32", "*"], match: [{ key: "version", value: { exact: "1.0.0" } }] }] } },
    { application: TAG_APP, yaml: "configVersion: v3.0\nkey: fuzz\ntags:\n  - name: blue\n    addresses: ['10.0.0.2:20880']\n" },
  ],
  replaceTagRouteBodySchema: () => [{ revision: "fuzz-revision", rule: { tags: [{ name: "gray", addresses: ["10.0.0.3"] }] } }, { revision: "fuzz-revision", yaml: "tags: []\n", allowStranding: true }],
  toggleTagRouteBodySchema: () => [{ revision: "fuzz-revision" }, { revision: "fuzz-revision", allowStranding: false }],
  tagPreviewBodySchema: () => [
    { application: "demo-provider-27", yaml: "configVersion: v3.0\nforce: true\ntags:\n  - name: gray\n    addresses: ['127.0.0.2/32']\n" },
    { application: TAG_APP, yaml: null, listMax: 3 },
  ],
  accessBodySchema: () => [
    { service: SERVICE, mode: "block", applications: ["fuzz-blocked"] },
    { service: SERVICE, group: "g1", version: "1.0.0", mode: "allow", hosts: ["10.0.0.1"], applications: ["fuzz-allowed"], enabled: false },
  ],
  replaceAccessBodySchema: () => [{ revision: SEED_REVISION, applications: ["fuzz-other"] }],
  toggleAccessBodySchema: () => [{ revision: SEED_REVISION }, {}],
  createMockBodySchema: () => [
    { service: SERVICE, method: "greet", mode: "force", returns: "mocked" },
    { service: SERVICE, group: "g1", version: "1.0.0", method: "find", mode: "fail", returns: { name: "x", tags: [1, 2] }, applications: ["fuzz-app"], enabled: false },
    { service: SERVICE, method: "greet", mode: "fail", throws: "java.lang.IllegalStateException" },
  ],
  replaceMockBodySchema: () => [{ revision: "fuzz-revision", method: "greet", mode: "force", returns: null }],
  toggleMockBodySchema: () => [{ revision: "fuzz-revision" }],
  putGrayFlowBodySchema: () => [
    { plan: { service: SERVICE, group: "", version: "", newAddresses: ["10.0.0.1:20880"], steps: [10, 100] }, configId: null, step: -1, revision: null },
    { plan: { service: SERVICE, group: "g1", version: "1.0.0", newAddresses: ["10.0.0.2:20880"], steps: [100], mode: "tag", tag: "gray" }, configId: "fuzz-id", step: 0, revision: "v0" },
  ],
  // No file defines the service, so nothing is kept (400), and a registered key gets that far.
  protoUploadBodySchema: () => [{ key: GREETING, files: [{ name: "fuzz.proto", text: 'syntax = "proto3";\npackage fuzz;\nmessage M { string a = 1; }\n' }] }, { key: SERVICE, files: [{ name: "a.proto", text: "syntax" }] }],
  probeBodySchema: () => [{ address: rig.providers[0]!.address }, { address: "10.255.0.1:20880" }],
  // Never a rig provider with a service it exports: a QoS offline that worked would take it out for the other suites (theirs have QoS off anyway).
  qosActionBodySchema: () => [{ address: "10.255.0.1:20880" }, { address: rig.providers[0]!.address, service: "no.such.Service" }, { address: "10.255.0.2:20881", service: "a.B:1.0.0", allowStranding: true }],
  providerActionBodySchema: () => [{ service: SERVICE, address: "10.0.0.1:20880" }, { service: SERVICE, group: "g", version: "1.0.0", address: "10.0.0.2:20881" }],
  providerOfflineBodySchema: () => [{ service: SERVICE, address: "10.0.0.1:20880" }, { service: SERVICE, group: "g", version: "1.0.0", address: "10.0.0.2:20881", targets: ["registry"] }],
  providerWeightBodySchema: () => [{ service: SERVICE, address: "10.0.0.1:20880", weight: 900 }, { service: SERVICE, address: "10.0.0.1:20880", weight: 0, targets: ["center"] }],
  invokeRequestSchema: () => [{ service: GREETING, method: "greet", parameterTypes: ["java.lang.String"], args: ["fuzz"], timeoutMs: 5_000 }, { service: GREETING, method: "greet", args: ["x"], provider: rig.providers[0]!.address, attachments: { k: "v" } }],
  routePreviewBodySchema: () => [
    { service: SERVICE, rule: "host = 10.0.0.1 => host = 10.0.0.2", consumer: `consumer://10.0.0.1/${SERVICE}?application=fuzz`, providers: [`dubbo://10.0.0.2:20880/${SERVICE}?application=p`], include: ["chain", "impact", "other-semantics"] },
    { service: GREETING, rule: "application = demo-consumer-27 => host != 127.0.0.2", semantics: "3.x", consumer: `consumer://127.0.0.9/${GREETING}?application=fuzz&side=consumer`, id: SEED_ID, include: ["chain", "impact"], invocation: { method: "greet", arguments: ["x"] } },
  ],
};

afterAll(async () => {
  if (server) {
    // Whatever the valid bodies created or edited: every route and rule that was not there before.
    for (const r of await routeIds()) {
      if (!before.routes.has(r.id)) await fetch(`${server.url}/api/v1/routes/${encodeURIComponent(r.id)}?revision=${encodeURIComponent(r.revision)}`, { method: "DELETE" });
    }
    for (const r of await ruleList()) {
      if (!before.rules.has(`${r.registry}|${r.key}`)) {
        await fetch(`${server.url}/api/v1/config-routes?key=${encodeURIComponent(r.key)}&revision=${r.revision}&registry=${encodeURIComponent(r.registry)}`, { method: "DELETE" });
      }
    }
    // Configs the valid bodies created (ids move as items go, so list again after each delete).
    const fresh = async () => (await configList()).filter((c) => !before.configs.has(`${c.key}|${JSON.stringify(c.parameters)}|${c.providerAddresses.join()}`) && c.readOnly === null);
    for (let i = 0, left = await fresh(); i < 500 && left.length > 0; i++, left = await fresh()) {
      const c = left[0]!;
      await fetch(`${server.url}/api/v1/configs/${encodeURIComponent(c.id)}?revision=${encodeURIComponent(c.revision)}&allowStranding=true`, { method: "DELETE" });
    }
    for (const t of await tagRouteList()) {
      if (!before.tagRoutes.has(t.id)) await fetch(`${server.url}/api/v1/tag-routes/${encodeURIComponent(t.id)}?revision=${encodeURIComponent(t.revision)}&allowStranding=true`, { method: "DELETE" });
    }
    // Gray releases the valid bodies started (only of this run's service).
    const flows = grayFlowsResponseSchema.parse(await (await fetch(`${server.url}/api/v1/gray-flows?service=${SERVICE}`)).json()).flows;
    for (const f of flows) {
      await fetch(`${server.url}/api/v1/gray-flows?service=${SERVICE}&group=${f.plan.group}&version=${f.plan.version}&revision=${f.revision}`, { method: "DELETE" });
    }
    expect((await routeIds()).filter((r) => !before.routes.has(r.id))).toEqual([]);
    // The service directories the routes were written under (fuzzed service names among
    // them) stay behind empty: remove them, or later suites count services that are not theirs.
    const zk = await connectTestZk(rig.zkConnectString);
    for (const dir of await zk.children("/dubbo")) if (!before.dirs.has(dir)) await zk.removeTree(`/dubbo/${dir}`);
    zk.close();
    await server.stop();
  }
  const total = [...tally.values()].reduce((n, m) => n + [...m.values()].reduce((a, b) => a + b, 0), 0);
  const lines = [...tally].map(([what, m]) => `  ${what}: ${[...m].sort(([a], [b]) => a - b).map(([st, n]) => `${st}×${n}`).join(" ")}`);
  console.info(`api fuzz: ${total} requests (seed ${FUZZ_SEED})\n${lines.join("\n")}`);
});

/** Values that make a body valid or nearly so, by field name; the fuzzer mixes them with hostile ones. */
function plausible(file: ApiRouteFile): Record<string, fc.Arbitrary<unknown>> {
  const invoking = file.path === "/api/v1/invoke";
  return {
    service: invoking ? fc.constantFrom("io.dubboconsole.demo.api.GreetingService", SERVICE) : fc.constant(SERVICE),
    name: fc.oneof(fc.constant("fuzz-route"), fc.stringMatching(/^fuzz-[a-z0-9]{1,6}$/)),
    rule: fc.oneof(fc.constantFrom("host = 10.0.0.1 => host = 10.0.0.2", "=> host = 10.0.0.3", "method = greet => false", "a &&& b =>"), fc.string({ maxLength: 30 })),
    group: fc.constantFrom("", "g1"),
    version: fc.constantFrom("", "1.0.0"),
    priority: fc.integer({ min: -5, max: 5 }),
    force: fc.boolean(),
    runtime: fc.boolean(),
    enabled: fc.boolean(),
    valid: fc.boolean(),
    targets: fc.constantFrom(["registry"], ["registry", "config-center"], ["config-center"]),
    revision: file.path.startsWith("/api/v1/config-routes") ? fc.nat({ max: 3 }) : fc.constantFrom(SEED_REVISION, "0", "stale"),
    scope: fc.constantFrom("service", "application"),
    key: fc.constantFrom(`${SERVICE}::`, `${SERVICE}:1.0.0:g1`, "fuzz-app", "a/b", ".."),
    conditions: fc.array(fc.constantFrom("=> host = 10.0.0.9", "method = greet => host != 10.0.0.1", " ", "x =>"), { minLength: 1, maxLength: 3 }),
    method: fc.constantFrom("greet", "whoAmI", "nope"),
    args: fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null)), { maxLength: 2 }),
    parameterTypes: fc.constantFrom(["java.lang.String"], [], ["int"], ["java.util.List<java.lang.String>"]),
    timeoutMs: fc.constantFrom(1, 500, 2_000),
    consumer: fc.constantFrom(`consumer://127.0.0.9/${SERVICE}?application=fuzz`, "consumer://x", "not a url"),
    providers: fc.array(fc.constantFrom(`dubbo://127.0.0.2:20880/${SERVICE}?application=p`, "dubbo://h:99999999999/x", "?\ud800"), { maxLength: 3 }),
    semantics: fc.constantFrom("2.7", "3.x"),
    id: fc.constantFrom(SEED_ID, "nope"),
    include: fc.constantFrom(["chain"], ["impact", "other-semantics"], ["x"]),
    url: fc.constantFrom("dubbo://127.0.0.2:1", "dubbo://127.0.0.1:9;dubbo://127.0.0.3:1"),
    provider: fc.constantFrom("127.0.0.2:1", "127.0.0.3:0"),
  };
}

async function schemaOf(file: ApiRouteFile, kind: "bodySchemas" | "querySchemas"): Promise<string[]> {
  const keys = await Promise.all(
    file[kind].map(async (ref) => schemaKeys(((await import(/* @vite-ignore */ ref.module)) as Record<string, unknown>)[ref.name])),
  );
  return [...new Set(keys.flat())];
}

/** A concrete path for a route file: dynamic segments become the seed route's id or junk, the catch-all random segments. */
function pathFor(file: ApiRouteFile): fc.Arbitrary<string> {
  const segment = fc.oneof(
    fc.constant(SEED_ID),
    // Not the dot segments "." and "..": the URL parser resolves them, and /api/.. is not an API path.
    fc.string({ maxLength: 12 }).filter((s) => s !== "." && s !== "..").map(encodeURIComponent),
    fc.constantFrom("%", "%zz", "%ED%A0%80", "%2F", "...", "%00", "x".repeat(3_000)),
  );
  if (file.catchAll) return fc.array(fc.oneof(segment, fc.constantFrom("v1", "v2", "routes")), { maxLength: 4 }).map((ss) => `/api/${ss.join("/")}`);
  return fc.array(segment, { minLength: 1, maxLength: 1 }).map(([s]) => file.path.replace(/\[[^\]]+\]/, s!));
}

function queryFor(keys: readonly string[]): fc.Arbitrary<string> {
  const name = keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 5 })) : fc.string({ maxLength: 5 });
  const value = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("", "%", "%zz", "%ED%A0%80", "%FF%FE", "0", "-1", "1e400", "x".repeat(3_000), "*", SERVICE, SEED_REVISION, `${SERVICE}::`, GREETING, "127.0.0.2", ...rig.providers.map((p) => p.address), ...rig.providers.map((p) => p.app)));
  return fc.array(fc.tuple(name, value, fc.boolean()), { maxLength: 5 }).map((ps) => (ps.length === 0 ? "" : `?${ps.map(([k, v, raw]) => `${encodeURIComponent(k)}=${raw ? v : encodeURIComponent(v)}`).join("&")}`));
}

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant("application/json") },
  { weight: 1, arbitrary: fc.constantFrom("application/json; charset=utf-8", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/vnd.x+json", "") },
  { weight: 1, arbitrary: fc.constant(null) },
);

function bodyFor(keys: readonly string[], values: Record<string, fc.Arbitrary<unknown>>, examples: readonly unknown[]): fc.Arbitrary<Uint8Array<ArrayBuffer> | null> {
  const near = keys.length > 0 ? fc.record(Object.fromEntries(keys.map((k) => [k, fc.oneof({ weight: 9, arbitrary: values[k] ?? hostileJsonValue }, { weight: 1, arbitrary: hostileJsonValue })])), { requiredKeys: [] }) : nearBody([]);
  const encode = (v: unknown) => new TextEncoder().encode(JSON.stringify(v) ?? "");
  const mutated = examples.length > 0 ? fc.oneof(...examples.map((e) => fc.oneof(fc.constant(e), mutatedJson(e)))) : near;
  return fc.oneof(
    { weight: 6, arbitrary: mutated.map(encode) },
    { weight: 3, arbitrary: near.map(encode) },
    { weight: 2, arbitrary: nearBody(keys, fc.oneof(...Object.values(values))).map(encode) },
    { weight: 2, arbitrary: hostileJsonValue.map(encode) },
    { weight: 1, arbitrary: near.map((v) => encode(v).slice(0, -1)) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }) },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

/** One request; the answer must be a value or a typed error, never a crash. */
async function send(what: string, method: string, pathAndQuery: string, body: Uint8Array<ArrayBuffer> | null, type: string | null, lastEventId: string | null, allowed5xx: readonly ErrorCode[]): Promise<void> {
  const headers: Record<string, string> = { ...(type === null ? {} : { "content-type": type }), ...(lastEventId === null ? {} : { "last-event-id": lastEventId }) };
  const target = await withSeed(pathAndQuery, encodeURIComponent);
  const text = body === null ? null : new TextDecoder().decode(body);
  const sent = text !== null && (text.includes(SEED_ID) || text.includes(SEED_REVISION)) ? new TextEncoder().encode(await withSeed(text, (v) => JSON.stringify(v).slice(1, -1))) : body;
  const res = await fetch(`${server.url}${target}`, { method, headers, body: method === "GET" ? null : sent, redirect: "manual", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const counts = tally.get(what) ?? new Map<number, number>();
  tally.set(what, counts.set(res.status, (counts.get(res.status) ?? 0) + 1));
  const where = `${method} ${target.slice(0, 200)}`;
  if (res.headers.get("content-type")?.startsWith("text/event-stream")) {
    await res.body?.cancel();
    expect(res.status, where).toBe(200);
    return;
  }
  const answer = await res.text();
  expect(res.status, `${where} answered ${res.status}: ${answer.slice(0, 300)}`).not.toBe(500);
  if (res.status < 400) return;
  expect(res.headers.get("content-type"), where).toMatch(/^application\/json/);
  const parsed = JSON.parse(answer) as { error?: { code?: unknown; message?: unknown } };
  const code = parsed.error?.code as ErrorCode;
  expect(ERROR_CODES, `${where}: ${answer.slice(0, 300)}`).toContain(code);
  expect(typeof parsed.error?.message === "string" && parsed.error.message !== "", where).toBe(true);
  expect(HTTP_STATUS[code], where).toBe(res.status);
  if (res.status >= 500) expect(allowed5xx, `${where}: ${answer.slice(0, 300)}`).toContain(code);
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const cases = routes.flatMap((file) => METHODS.map((method) => ({ file, method, implemented: file.methods.includes(method) })));

describe("every API route under fuzzing, against the running console", () => {
  it("covers every route file under app/api", () => {
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(["/api/v1/routes", "/api/v1/routes/[id]", "/api/v1/invoke", "/api/v1/routes/preview", "/api/v1/config-routes", "/api/[[...path]]"]));
  });

  it("has a valid example body for every body schema a route file names", () => {
    expect(routes.flatMap((r) => r.bodySchemas.map((ref) => ref.name)).filter((name) => !(name in VALID_BODIES))).toEqual([]);
  });

  it.each(cases.map((c) => [c.method, c.file.path, c] as const))("%s %s answers only values and typed errors, never a 500", async (method, _path, { file, implemented }) => {
    const values = plausible(file);
    const bodyKeys = await schemaOf(file, "bodySchemas");
    const queryKeys = await schemaOf(file, "querySchemas");
    // A call's outcome, not the console's fault: the provider failed (invoke), or a process's QoS could not be reached (the rig's run with QoS off).
    const allowed5xx: readonly ErrorCode[] = file.path === "/api/v1/invoke" ? INVOKE_OUTCOME_CODES : file.path.startsWith("/api/v1/qos/") ? ["connection_failed"] : [];
    // A reconnecting event stream's Last-Event-ID: any printable ASCII (what a header may carry).
    const lastEventId = fc.option(fc.oneof(fc.stringMatching(/^[\x20-\x7e]{0,24}$/), fc.constantFrom("0", "-1", "99999999999999999999", "1:2")));
    const examples = file.bodySchemas.flatMap((ref) => VALID_BODIES[ref.name]?.() ?? []);
    const request = fc.record({ path: pathFor(file), query: queryFor(queryKeys), body: bodyFor(bodyKeys, values, examples), type: contentType, lastEventId });
    await fc.assert(
      fc.asyncProperty(request, async ({ path, query, body, type, lastEventId: id }) => send(`${method} ${file.path}`, method, `${path}${query}`, body, type, id, allowed5xx)),
      fuzzParameters(implemented ? IMPLEMENTED_RUNS : OTHER_RUNS),
    );
  });

  it("refuses with 400 a config-center rule key ZooKeeper refuses in a node name (seed 4242 found it as a 503 registry_unavailable: BAD_ARGUMENTS)", async () => {
    const res = await fetch(`${server.url}/api/v1/config-routes`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ scope: "application", key: "\ue000", conditions: ["method = greet => host != 10.0.0.1"], revision: 0 }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: "validation_failed", message: expect.stringContaining("ZooKeeper refuses") as unknown });
  });

  it("logged no unhandled error in a route handler", () => {
    expect(server.peer.lines.filter((l) => l.includes("unhandled error"))).toEqual([]);
  });
});
