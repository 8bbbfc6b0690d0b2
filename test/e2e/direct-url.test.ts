import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { DEMO } from "../support/dubbo-peers";
import { freePort } from "../support/free-port";
import { type TestUsers, writeUsersFile } from "../support/users-file";
import { waitFor } from "../support/wait-for";
import { fourLetterWord } from "../support/zookeeper";

/**
 * POST /api/v1/invoke's `url` against the running console, with real sockets: it reaches
 * registered providers of the service (in any spelling of their address), or addresses the
 * operator allows in CONSOLE_DIRECT_URLS for a role with `invoke.direct-url`, and nothing
 * else: a refused url opens no connection at all; an allowed unregistered address's
 * connection is closed once its call has ended.
 */
const rig = inject("rig");
const provider27 = rig.providers.find((p) => p.line === "2.7" && p.registerMode === "interface")!;
const zkPort = Number(rig.zkConnectString.split(":").at(-1));

/** A plain TCP service: records every connection and every byte, answers nothing (a line-based service would answer a line). */
interface Listener {
  readonly port: number;
  readonly accepted: Socket[];
  bytes(): string;
  /** How many accepted sockets the console has ended (FIN) or reset. */
  ended(): number;
  close(): Promise<void>;
}

async function listen(onSocket: (s: Socket) => void = () => undefined): Promise<Listener> {
  const port = await freePort();
  const accepted: Socket[] = [];
  let received = "";
  let ended = 0;
  const server: Server = createServer((socket) => {
    accepted.push(socket);
    socket.on("data", (d) => (received += d.toString("latin1")));
    socket.once("close", () => ended++);
    socket.on("error", () => socket.destroy());
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    accepted,
    bytes: () => received,
    ended: () => ended,
    close: () => new Promise((resolve) => (accepted.forEach((s) => s.destroy()), server.close(() => resolve()))),
  };
}

/** Relays every connection to the real 2.7 provider, so a test sees the console's side of an allowed direct call. */
function relayTo(address: string): (s: Socket) => void {
  const [host, port] = [address.slice(0, address.lastIndexOf(":")), Number(address.slice(address.lastIndexOf(":") + 1))];
  return (client) => {
    const upstream = connect({ host, port });
    upstream.on("error", () => client.destroy());
    client.on("end", () => upstream.end());
    upstream.on("end", () => client.end());
    client.pipe(upstream, { end: false });
    upstream.pipe(client, { end: false });
  };
}

/** ZooKeeper's client connections now (`cons`), the four-letter word's own included. */
async function zkConnections(): Promise<number> {
  return (await fourLetterWord(zkPort, "cons")).split("\n").filter((l) => /^\s*\/[\d.:]+\[/.test(l)).length;
}

let dir: string;
let users: TestUsers;
let server: ConsoleHandle;
let line: Listener;
let relay: Listener;

async function invoke(role: keyof TestUsers["tokens"], body: Record<string, unknown>): Promise<{ status: number; body: { error?: { code: string; message: string; needed?: string }; ok?: boolean; value?: unknown; provider?: string } }> {
  const res = await fetch(`${server.url}/api/v1/invoke`, {
    method: "POST",
    headers: { authorization: `Bearer ${users.tokens[role]}`, "content-type": "application/json" },
    body: JSON.stringify({ service: DEMO.greeting.interface, method: "greet", parameterTypes: ["java.lang.String"], args: ["PING\r\nQUIT\r\n"], ...body }),
  });
  return { status: res.status, body: (await res.json()) as never };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "direct-url-"));
  users = await writeUsersFile(dir);
  [line, relay] = await Promise.all([listen(), listen(relayTo(provider27.address))]);
  server = await startConsole({ DUBBO_REGISTRY: rig.zkAddress, ...users.env, CONSOLE_DIRECT_URLS: `127.0.0.1:${relay.port}` });
  await waitForRegistrySync(server.url, { authorization: `Bearer ${users.tokens.admin}` });
});

afterAll(async () => {
  await server?.stop();
  await Promise.all([line?.close(), relay?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe("a direct url that is not a registered provider nor allowed", () => {
  const spellings = (port: number) => ["127.0.0.1", "127.0.0.01", "0x7f000001", "2130706433", "127.1", "localhost", "[::ffff:127.0.0.1]"].map((host) => `dubbo://${host}:${port}`);

  it("is refused in every spelling with 403 url_not_allowed, and the service behind it sees no connection and no byte", async () => {
    for (const url of spellings(line.port)) {
      const { status, body } = await invoke("admin", { url });
      expect([status, body.error?.code], url).toEqual([403, "url_not_allowed"]);
      expect(body.error?.message).toContain("is not a registered provider of io.dubboconsole.demo.api.GreetingService, and CONSOLE_DIRECT_URLS does not allow it");
    }
    expect([line.accepted.length, line.bytes()]).toEqual([0, ""]);
  });

  it("refuses an ambiguous spelling (octal or decimal?) as a bad url, before connecting", async () => {
    const { status, body } = await invoke("admin", { url: `dubbo://0177.0.0.1:${line.port}` });
    expect([status, body.error?.code]).toEqual([400, "url_syntax"]);
    expect(body.error?.message).toContain('"0177" reads as 127 in octal and 177 in decimal');
    expect(line.accepted.length).toBe(0);
  });

  it("refuses ZooKeeper's port, and ZooKeeper's connection count does not move", async () => {
    const before = await zkConnections();
    const { status, body } = await invoke("admin", { url: `dubbo://127.0.0.1:${zkPort}`, cluster: "broadcast" });
    expect([status, body.error?.code]).toEqual([403, "url_not_allowed"]);
    expect(await zkConnections()).toBe(before);
  });

  it("refuses a broadcast over a list of addresses as a whole, the registered one in it included, connecting to none", async () => {
    const ports = Array.from({ length: 10 }, (_, i) => line.port + i);
    const url = [provider27.address, ...ports.map((p) => `127.0.0.1:${p}`)].map((a) => `dubbo://${a}`).join(";");
    const { status, body } = await invoke("admin", { url, cluster: "broadcast" });
    expect([status, body.error?.code]).toEqual([403, "url_not_allowed"]);
    expect(line.accepted.length).toBe(0);
  });
});

describe("a direct url that is allowed", () => {
  it("calls a registered provider of the service, in another spelling of its address too, for a role with invoke alone", async () => {
    const [host, port] = provider27.address.split(":") as [string, string];
    const integer = host.split(".").reduce((n, part) => n * 256 + Number(part), 0);
    for (const url of [`dubbo://${provider27.address}`, `dubbo://${integer}:${port}`]) {
      const { status, body } = await invoke("tester", { url });
      expect([status, body.ok, body.provider], url).toEqual([200, true, provider27.address]);
    }
  });

  it("calls an allowlisted address only for a role with invoke.direct-url, and closes that connection once the call has ended", async () => {
    const url = `dubbo://127.0.0.1:${relay.port}`;
    for (const role of ["tester", "invoker"] as const) {
      const refused = await invoke(role, { url });
      expect([refused.status, refused.body.error?.code, refused.body.error?.needed], role).toEqual([403, "forbidden", "invoke.direct-url"]);
    }
    expect(relay.accepted.length).toBe(0);
    const { status, body } = await invoke("admin", { url });
    expect([status, body.ok, body.provider]).toEqual([200, true, `127.0.0.1:${relay.port}`]);
    expect(body.value).toEqual(expect.stringContaining("PING"));
    await waitFor("the console to end the allowlisted connection", () => relay.ended() === 1, 10_000);
    expect(relay.accepted.length).toBe(1);
  });

  it("names the cause of a failed allowed call without a byte of what the peer sent", async () => {
    const banner = await listen((s) => s.write("SSH-2.0-OpenSSH_9.6\r\n"));
    const other = await startConsole({ DUBBO_REGISTRY: rig.zkAddress, ...users.env, CONSOLE_DIRECT_URLS: `127.0.0.1:${banner.port}` });
    try {
      const res = await fetch(`${other.url}/api/v1/invoke`, {
        method: "POST",
        headers: { authorization: `Bearer ${users.tokens.admin}`, "content-type": "application/json" },
        body: JSON.stringify({ service: DEMO.greeting.interface, method: "greet", parameterTypes: ["java.lang.String"], args: ["x"], url: `dubbo://127.0.0.1:${banner.port}`, timeoutMs: 5_000 }),
      });
      const text = await res.text();
      expect(res.status).toBe(502);
      expect(text).toContain(`127.0.0.1:${banner.port} is not a Dubbo peer (what it sent is not Dubbo frames)`);
      expect(text).not.toMatch(/SSH|0x53|5353|bad magic/);
      await waitFor("the console to end the connection", () => banner.ended() === banner.accepted.length && banner.accepted.length > 0, 10_000);
    } finally {
      await other.stop();
      await banner.close();
    }
  });
});
