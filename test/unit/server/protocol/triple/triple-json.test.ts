import { once } from "node:events";
import { createServer, type Http2Server } from "node:http2";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { needsText, parseExactJson } from "@/server/protocol/triple/exact-json";
import { TripleClient } from "@/server/protocol/triple/triple-client";
import { readJsonAnswer, THROWN_OVER_JSON } from "@/server/protocol/triple/triple-json-call";

const json = (text: string) => parseExactJson(text);
const CONTEXT = { address: "h:1", method: "m", argCount: 1 };
const answer = (status: number, body: string | Buffer) => readJsonAnswer(status, typeof body === "string" ? Buffer.from(body) : body, CONTEXT);
const thrown = (status: number, body: string) => {
  try {
    answer(status, body);
  } catch (e) {
    return e;
  }
  return expect.fail("no error");
};

describe("exact JSON", () => {
  it("reads a long beyond 2^53−1 as its digits, and one within as a number", () => {
    // Dubbo 3.3.6 (fastjson2) answered TypesService.echoLong("9007199254740993") with the bare number 9007199254740993.
    expect(json("9007199254740993")).toEqual({ ok: true, value: "9007199254740993" });
    expect(json("[9007199254740991, -9007199254740991, -9223372036854775808]")).toEqual({ ok: true, value: [9007199254740991, -9007199254740991, "-9223372036854775808"] });
    expect(json('{"id":9007199254740993,"name":"n"}')).toEqual({ ok: true, value: { id: "9007199254740993", name: "n" } });
    expect(json("9007199254740992")).toEqual({ ok: true, value: "9007199254740992" });
  });

  it("keeps a decimal a double cannot hold as its text, and reads one it can as a number", () => {
    // Both as 3.3.6 answered echoDecimal: a BigDecimal is a bare JSON number, its scale as written.
    expect(json("12345678901234567890.123")).toEqual({ ok: true, value: "12345678901234567890.123" });
    expect(json("1234.500")).toEqual({ ok: true, value: 1234.5 });
    expect(json("[0.1, 1.0E300, 1e-7, -0, 0.30000000000000004]")).toEqual({ ok: true, value: [0.1, 1e300, 1e-7, -0, 0.30000000000000004] });
    expect(json("1e400")).toEqual({ ok: true, value: "1e400" });
    expect([needsText("0.1000000000000000055511151231257827"), needsText("2.5"), needsText("25e-1")]).toEqual([true, false, false]);
  });

  it("leaves digits inside strings alone, escapes included", () => {
    expect(json('["9007199254740993", "a\\"9007199254740993", {"k\\\\": 12345678901234567890}]')).toEqual({ ok: true, value: ["9007199254740993", 'a"9007199254740993', { "k\\": "12345678901234567890" }] });
  });

  it("says what is not JSON", () => {
    expect(json("AQID")).toMatchObject({ ok: false, message: expect.any(String) });
    expect(json("[1,")).toMatchObject({ ok: false });
  });
});

describe("the JSON path's answers, as Dubbo 3.3.6 writes them", () => {
  it("reads a value, null for void, and a body that is no JSON as a byte[]'s base64", () => {
    expect(answer(200, '"127.0.0.1:20880"')).toEqual({ kind: "value", value: "127.0.0.1:20880" });
    expect(answer(200, "null")).toEqual({ kind: "value", value: null });
    expect(answer(200, "")).toEqual({ kind: "value", value: null });
    // echoBytes([1, 2, 255]) answered the three bytes as they are, content-type application/json.
    expect(answer(200, Buffer.from([1, 2, 255]))).toEqual({ kind: "value", value: "AQL/" });
  });

  it("reads a 500 as what the method threw, its class unknown", () => {
    expect(answer(500, '{"message":"business rule refused: why","status":"500"}')).toEqual({ kind: "exception", class: THROWN_OVER_JSON, message: "business rule refused: why" });
  });

  it("tells Dubbo's own failures to make the call from the method's exceptions", () => {
    expect(thrown(500, `{"message":"Ambiguous mapping for '/io.x.S/describe'","status":"500"}`)).toMatchObject({ code: "invalid_arguments", issues: [{ path: "parameterTypes", message: expect.stringContaining("overloaded") }] });
    const unmatched = '{"message":"Name for argument of type [int] not specified, and parameter name information not available via reflection. Ensure that the compiler uses the -parameters flag","status":"500"}';
    expect(thrown(500, unmatched)).toMatchObject({ code: "invalid_arguments", issues: [{ path: "args", message: expect.stringContaining("could not match 1 argument to the parameters of m") }] });
    expect(thrown(500, '{"message":"Error decoding json","status":"500"}')).toMatchObject({ code: "codec_error" });
    expect(thrown(400, `{"message":"Could not convert argument 'null' value 'NOPE' from type [class java.lang.String] to type [class io.x.Color]","status":"400"}`)).toMatchObject({ code: "invalid_arguments", issues: [{ path: "args", message: expect.stringContaining("value 'NOPE'") }] });
  });

  it("makes a typed error of every other status", () => {
    expect(thrown(404, '{"message":"Invoker not found","status":"404"}')).toMatchObject({ code: "remote_error", message: "h:1 answered HTTP 404 (status 404): Invoker not found" });
    expect(thrown(504, '{"message":"late","status":"504"}')).toMatchObject({ code: "timeout" });
    expect(thrown(503, "<html>down</html>")).toMatchObject({ code: "remote_error", message: "h:1 answered HTTP 503 (status 503): <html>down</html>" });
    expect(thrown(502, "")).toMatchObject({ code: "remote_error", message: expect.stringContaining("(no message)") });
  });
});

describe("TripleClient's plain HTTP/2 request", () => {
  let server: Http2Server | null = null;
  let client: TripleClient | null = null;
  afterEach(async () => {
    client?.close();
    if (server) await new Promise((resolve) => server!.close(resolve));
    server = null;
  });

  /** An in-process HTTP/2 server answering every POST with `reply` (a provider answering more than the limit is a fault a real one does not produce on demand). */
  async function serve(reply: (body: Buffer, headers: Record<string, unknown>) => { status: number; chunks: Buffer[] }, maxBytes?: number): Promise<TripleClient> {
    server = createServer();
    server.on("stream", (stream, headers) => {
      const parts: Buffer[] = [];
      stream.on("data", (c: Buffer) => parts.push(c));
      stream.on("end", () => {
        const { status, chunks } = reply(Buffer.concat(parts), headers);
        stream.respond({ ":status": status, "content-type": "application/json" });
        for (const c of chunks) stream.write(c);
        stream.end();
      });
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    client = new TripleClient(`127.0.0.1:${(server.address() as AddressInfo).port}`, maxBytes === undefined ? {} : { maxBytes });
    return client;
  }

  it("sends the body and reads the whole answer, whatever its chunks and status", async () => {
    const c = await serve((body, headers) => ({ status: 500, chunks: [Buffer.from(`{"got":${body.toString()},`), Buffer.from(`"path":"${String(headers[":path"])}"}`)] }));
    const got = await c.request({ path: "/a.B/m", headers: { "content-type": "application/json" }, body: Buffer.from("[1]"), timeoutMs: 5_000 });
    expect([got.status, got.headers["content-type"], got.body.toString()]).toEqual([500, "application/json", '{"got":[1],"path":"/a.B/m"}']);
  });

  it("refuses a body over the limit either way", async () => {
    const c = await serve(() => ({ status: 200, chunks: [Buffer.alloc(600, 0x61), Buffer.alloc(600, 0x61)] }), 1_000);
    await expect(c.request({ path: "/a.B/m", headers: {}, body: Buffer.alloc(1_001), timeoutMs: 5_000 })).rejects.toMatchObject({ code: "payload_too_large", details: { direction: "outgoing" } });
    await expect(c.request({ path: "/a.B/m", headers: {}, body: Buffer.from("[]"), timeoutMs: 5_000 })).rejects.toMatchObject({ code: "payload_too_large", details: { direction: "incoming", limit: 1_000 } });
  });

  it("gives up at the deadline and when cancelled", async () => {
    server = createServer();
    server.on("stream", () => undefined);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    client = new TripleClient(`127.0.0.1:${(server.address() as AddressInfo).port}`);
    await expect(client.request({ path: "/a.B/m", headers: {}, body: Buffer.from("[]"), timeoutMs: 200 })).rejects.toMatchObject({ code: "timeout" });
    const abort = new AbortController();
    const pending = client.request({ path: "/a.B/m", headers: {}, body: Buffer.from("[]"), timeoutMs: 5_000, signal: abort.signal });
    abort.abort();
    await expect(pending).rejects.toMatchObject({ code: "cancelled" });
  });
});
