import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SIGN_IN_MAX_FAILURES_PER_ADDRESS } from "@/server/auth/auth-runtime";
import { startPeer, type Peer } from "../support/child-process";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { freePort, waitForPort } from "../support/free-port";
import { rawRequest } from "../support/raw-request";
import { openSse, type SseClient } from "../support/sse-client";
import { randomSecret, type TestUsers, writeUsersFile } from "../support/users-file";
import { waitFor } from "../support/wait-for";

/**
 * Issue 15 items 3 and 6b, against the built console over real sockets: requests anyone can
 * send that cost the console dearly are capped, answered at once with a typed 429, and the
 * client address the limits key on is the socket's, not a header the client chose. Each
 * test that spends a failure window speaks from a source address of its own (127.0.1.x).
 */

const ROOT = join(import.meta.dirname, "..", "..");
const rig = inject("rig");
/**
 * How fast /api/health answers while 200 sign-ins are in flight, once the console is
 * answering them (before the fix: 12 s per probe, the flood lasting over 2 minutes on this
 * shared 2-core machine): the median probe, and the slowest.
 */
const HEALTH_FIRST_BOUND_MS = 8_000;
const HEALTH_MEDIAN_BOUND_MS = 500;
const HEALTH_MAX_BOUND_MS = 2_000;
/** The per-user cap of open event streams (server/auth/auth-runtime.ts MAX_EVENT_STREAMS_PER_USER). */
const STREAMS_PER_USER = 16;

let dir: string;
let users: TestUsers;
let server: ConsoleHandle;

function signIn(url: string, name: string, password: string, localAddress: string, headers: Record<string, string> = {}) {
  return rawRequest(`${url}/api/v1/session`, { method: "POST", headers: { origin: url, ...headers }, body: JSON.stringify({ name, password }), localAddress });
}

const codeOf = (text: string) => (JSON.parse(text) as { error?: { code?: string } }).error?.code;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "web-limits-"));
  users = await writeUsersFile(dir);
  server = await startConsole({ DUBBO_REGISTRY: rig.zkAddress, ...users.env });
  await waitForRegistrySync(server.url, { authorization: `Bearer ${users.tokens.admin}` });
  // A console that has served a sign-in and a probe, as one in use has: the first requests load their routes' code.
  expect((await signIn(server.url, "admin", users.passwords.admin, "127.1.0.9")).status).toBe(200);
  expect((await rawRequest(`${server.url}/api/health?probe=live`)).status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("sign-in", () => {
  it("answers 200 parallel sign-ins with random names with 429 past the password-check cap, while /api/health answers quickly", async () => {
    let done = false;
    let answered: () => void = () => {};
    const firstAnswer = new Promise<void>((resolve) => (answered = resolve));
    const storm = Promise.all(
      Array.from({ length: 200 }, () => signIn(server.url, `random-${randomSecret(6)}`, "wrong", "127.1.0.1").finally(() => answered())),
    ).finally(() => (done = true));
    // Once the console is answering the flood (the 200 requests themselves accepted and read), probe it until the flood ends.
    await firstAnswer;
    const health: number[] = [];
    do {
      const probe = await rawRequest(`${server.url}/api/health?probe=live`);
      expect(probe.status).toBe(200);
      health.push(probe.ms);
    } while (!done);
    const answers = await storm;
    const statuses = answers.map((a) => a.status);
    // The first probe waits behind the reading of the 200 requests themselves (what any 200 cheap requests cost); the later ones behind nothing.
    const [first, ...later] = health;
    const sorted = [...later].sort((x, y) => x - y);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    expect(
      { first: first! < HEALTH_FIRST_BOUND_MS, median: median < HEALTH_MEDIAN_BOUND_MS, max: (sorted.at(-1) ?? 0) < HEALTH_MAX_BOUND_MS, probes: health.length > 1 },
      `health answered in ${health.map(Math.round).join(", ")} ms`,
    ).toEqual({ first: true, median: true, max: true, probes: true });
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    // The per-address failure limit alone would refuse at most 200 - 30 of them (the first 30
    // checks run and fail); more 429s than that are the password-check cap refusing. How many
    // beyond it depends on how fast the 200 arrive (checks finish while the later ones are
    // still being read: 12 passed once on a loaded 2-core machine), so no tighter bound.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(200 - SIGN_IN_MAX_FAILURES_PER_ADDRESS);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.every((a) => codeOf(a.text) === "rate_limited" && Number(a.headers["retry-after"]) >= 1)).toBe(true);
  });

  it("limits failed sign-ins from one address whatever the names, and not another address's", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await signIn(server.url, `walker-${i}`, "wrong", "127.0.1.2")).status);
    expect(statuses).toEqual([...Array(30).fill(401), 429]);
    const right = await signIn(server.url, "operator", users.passwords.operator, "127.0.1.2");
    expect([right.status, codeOf(right.text)]).toEqual([429, "rate_limited"]);
    expect((await signIn(server.url, "operator", users.passwords.operator, "127.0.1.3")).status).toBe(200);
  });
});

describe("previews and event streams", () => {
  it("refuses a preview that gives more providers than the limit with a 400 naming it", async () => {
    const providers = Array.from({ length: 1_001 }, (_, i) => `dubbo://10.${i >> 8}.${i & 255}.1:20880/com.foo.BarService?application=p`);
    const body = JSON.stringify({ service: "com.foo.BarService", rule: "=> host = 10.0.0.1", consumer: "consumer://1.1.1.1/com.foo.BarService?application=c", providers });
    const res = await fetch(`${server.url}/api/v1/routes/preview`, { method: "POST", headers: { authorization: `Bearer ${users.tokens.viewer}`, "content-type": "application/json" }, body });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "validation_failed", issues: [{ path: "providers", message: "providers may list at most 1000 URLs, got 1001" }] } });
  });

  it("answers a user's event stream past the cap with 429, and a closed one frees its slot", async () => {
    const headers = { authorization: `Bearer ${users.tokens.viewer}` };
    const streams: SseClient[] = [];
    try {
      for (let i = 0; i < STREAMS_PER_USER; i++) streams.push(await openSse(`${server.url}/api/v1/events`, headers));
      expect(streams.map((s) => s.status)).toEqual(Array(STREAMS_PER_USER).fill(200));
      const over = await fetch(`${server.url}/api/v1/events`, { headers });
      // An accepted stream never ends: read its body only when it is the refusal.
      if (over.status !== 429) await over.body?.cancel();
      expect([over.status, over.headers.get("retry-after"), over.status === 429 ? codeOf(await over.text()) : null]).toEqual([429, "1", "rate_limited"]);
      // Another user is not held back by this one's streams.
      const other = await openSse(`${server.url}/api/v1/events`, { authorization: `Bearer ${users.tokens.operator}` });
      streams.push(other);
      expect(other.status).toBe(200);
      streams.shift()!.close();
      const again = await waitFor("a closed stream's slot to be free", async () => {
        const s = await openSse(`${server.url}/api/v1/events`, headers);
        if (s.status === 200) return s;
        s.close();
        return undefined;
      });
      streams.push(again);
      expect(again.status).toBe(200);
    } finally {
      for (const s of streams) s.close();
    }
  });
});

describe("the client's address under a plain `next start`", () => {
  let peer: Peer;
  let url: string;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("CONSOLE_"))) as NodeJS.ProcessEnv;
    // Not scripts/start.mjs: Next's own CLI, as someone running `next start` by hand would.
    peer = startPeer("console-next-start", process.execPath, [join(ROOT, "node_modules", "next", "dist", "bin", "next"), "start", "-H", "127.0.0.1", "-p", String(port)], {
      cwd: ROOT,
      env: { ...env, NEXT_TELEMETRY_DISABLED: "1", DUBBO_CONSOLE_CACHE_DIR: "off", DUBBO_REGISTRY: rig.zkAddress, ...users.env, CONSOLE_TRUSTED_PROXIES: "127.0.1.9" },
    });
    await waitForPort("127.0.0.1", port, 60_000);
    // Served once Next is ready (instrumentation has run): requests that came before carry no proof, their address is "unknown".
    expect((await rawRequest(`${url}/api/health?probe=live`)).status).toBe(200);
  });

  afterAll(async () => {
    await peer?.stop();
  });

  it("keys the sign-in limit on the socket's address, whatever X-Forwarded-For and x-dubbo-console-peer say", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const spoof = `203.0.113.${i + 1}`;
      statuses.push((await signIn(url, "spoofer", "wrong", "127.0.1.4", { "x-forwarded-for": spoof, "x-dubbo-console-peer": spoof })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it("believes X-Forwarded-For from a trusted proxy (CONSOLE_TRUSTED_PROXIES)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await signIn(url, "proxied", "wrong", "127.0.1.9", { "x-forwarded-for": "198.51.100.1" })).status);
    statuses.push((await signIn(url, "proxied", "wrong", "127.0.1.9", { "x-forwarded-for": "198.51.100.1" })).status);
    // Another client behind the same proxy has its own count.
    statuses.push((await signIn(url, "proxied", "wrong", "127.0.1.9", { "x-forwarded-for": "198.51.100.2" })).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 401]);
  });
});
