import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { PrometheusClient, PrometheusError } from "@/server/observability/metrics/prometheus-client";

/**
 * The Prometheus client against in-process HTTP servers, for the faults a real Prometheus
 * will not produce on demand: refusals, HTML, another shape, silence, a flood, a closed port.
 */
const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A server on 127.0.0.1, an ephemeral port; answers the base URL. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  server.on("connection", (s: Socket) => sockets.push(s));
  const port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)));
  return `http://127.0.0.1:${port}`;
}

const json = (status: number, body: unknown) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

async function failure(promise: Promise<unknown>): Promise<PrometheusError> {
  const e = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(PrometheusError);
  return e as PrometheusError;
}

const START = 1_700_000_000_123;
const END = 1_700_000_900_456;

describe("PrometheusClient.queryRange", () => {
  it("sends query, start and end in seconds with 3 decimals, and step; parses the matrix", async () => {
    const asked: URL[] = [];
    const accepts: (string | undefined)[] = [];
    const base = await serve((req, res) => {
      asked.push(new URL(req.url!, "http://x"));
      accepts.push(req.headers.accept);
      json(200, {
        status: "success",
        data: {
          resultType: "matrix",
          result: [
            { metric: { instance: "10.0.0.5:22222" }, values: [[1700000000.123, "1.5"], [1700000010.123, "NaN"]] },
            { metric: {}, values: [[1700000000.123, "-0.25e1"]] },
          ],
        },
      })(req, res);
    });
    const query = 'sum by (instance) (rate(dubbo_provider_requests_total{interface="io.x.Api"}[1m]))';
    const series = await new PrometheusClient(base).queryRange(query, START, END, 10);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.pathname).toBe("/api/v1/query_range");
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({ query, start: "1700000000.123", end: "1700000900.456", step: "10" });
    expect(accepts[0]).toBe("application/json");
    expect(series).toHaveLength(2);
    expect(series[0]!.metric).toEqual({ instance: "10.0.0.5:22222" });
    expect(series[0]!.values[0]).toEqual([1700000000.123, 1.5]);
    expect(series[0]!.values[1]![0]).toBe(1700000010.123);
    expect(series[0]!.values[1]![1]).toBeNaN();
    expect(series[1]).toEqual({ metric: {}, values: [[1700000000.123, -2.5]] });
  });

  // Prometheus writes sample values with Go's strconv.FormatFloat(v, 'f', -1, 64): "+Inf", "-Inf", "NaN".
  it("reads Prometheus's \"+Inf\" and \"-Inf\" sample values as infinities", async () => {
    const base = await serve(json(200, { status: "success", data: { resultType: "matrix", result: [{ metric: {}, values: [[1, "+Inf"], [2, "-Inf"]] }] } }));
    const [series] = await new PrometheusClient(base).queryRange("up", 0, 1000, 5);
    expect(series!.values).toEqual([
      [1, Number.POSITIVE_INFINITY],
      [2, Number.NEGATIVE_INFINITY],
    ]);
  });

  it("keeps the path of a Prometheus behind a prefix, with or without a trailing slash", async () => {
    const paths: string[] = [];
    const base = await serve((req, res) => {
      paths.push(new URL(req.url!, "http://x").pathname);
      json(200, { status: "success", data: { resultType: "matrix", result: [] } })(req, res);
    });
    expect(await new PrometheusClient(`${base}/prom`).queryRange("up", 0, 1000, 5)).toEqual([]);
    expect(await new PrometheusClient(`${base}/prom/`).queryRange("up", 0, 1000, 5)).toEqual([]);
    expect(paths).toEqual(["/prom/api/v1/query_range", "/prom/api/v1/query_range"]);
  });

  it("says Prometheus's own refusal, with its error text", async () => {
    const base = await serve(json(400, { status: "error", errorType: "bad_data", error: 'invalid parameter "query": 1:6: parse error: unexpected "}"' }));
    const e = await failure(new PrometheusClient(base).queryRange("rate(x}", 0, 1000, 5));
    expect(e.message).toBe('Prometheus: the query was refused (bad_data: invalid parameter "query": 1:6: parse error: unexpected "}")');
    expect(e.code).toBe("connection_failed");
    expect(e.details).toEqual({ source: "prometheus" });
    expect(e.name).toBe("PrometheusError");
  });

  it("says an answer that is not JSON (not a Prometheus)", async () => {
    const base = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html><body>Grafana</body></html>");
    });
    const e = await failure(new PrometheusClient(base).queryRange("up", 0, 1000, 5));
    expect(e.message).toBe(`Prometheus: ${base} answered HTTP 200 with no JSON: is PROMETHEUS_URL the Prometheus server's address?`);
    expect(e.code).toBe("connection_failed");
  });

  it("says JSON of another shape", async () => {
    const base = await serve(json(200, { status: "success", data: { resultType: "vector", result: [{ metric: {}, value: [1, "1"] }] } }));
    const e = await failure(new PrometheusClient(base).queryRange("up", 0, 1000, 5));
    expect(e.message).toBe("Prometheus: HTTP 200, an answer not of the query_range shape");
    const numbers = await serve(json(200, { status: "success", data: { resultType: "matrix", result: [{ metric: {}, values: [[1, 2]] }] } }));
    expect((await failure(new PrometheusClient(numbers).queryRange("up", 0, 1000, 5))).message).toBe("Prometheus: HTTP 200, an answer not of the query_range shape");
  });

  it("gives up on a server that never answers within timeoutMs", async () => {
    const base = await serve(() => {});
    const started = Date.now();
    const e = await failure(new PrometheusClient(base, { timeoutMs: 300 }).queryRange("up", 0, 1000, 5));
    const took = Date.now() - started;
    expect(e.message).toBe(`Prometheus: no answer within 300 ms from ${base}`);
    expect(e.code).toBe("connection_failed");
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(2_000);
  });

  it("gives up on an answer whose body stops coming, within timeoutMs", async () => {
    const base = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"status":"success",');
    });
    const started = Date.now();
    const e = await failure(new PrometheusClient(base, { timeoutMs: 300 }).queryRange("up", 0, 1000, 5));
    expect(e.message).toBe(`Prometheus: no answer within 300 ms from ${base}`);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("refuses an answer over maxBytes", async () => {
    const big = { status: "success", data: { resultType: "matrix", result: [{ metric: { pad: "x".repeat(5_000) }, values: [] }] } };
    const base = await serve(json(200, big));
    const e = await failure(new PrometheusClient(base, { maxBytes: 1_000 }).queryRange("up", 0, 1000, 5));
    expect(e.message).toBe("Prometheus: an answer over 1000 bytes");
    expect(e.code).toBe("connection_failed");
    // the same answer under a cap it fits
    expect(await new PrometheusClient(base, { maxBytes: 10_000 }).queryRange("up", 0, 1000, 5)).toEqual([{ metric: { pad: "x".repeat(5_000) }, values: [] }]);
  });

  it("says a closed port cannot be reached", async () => {
    const base = await serve(() => {});
    await new Promise((r) => servers.pop()!.close(r));
    const e = await failure(new PrometheusClient(base).queryRange("up", 0, 1000, 5));
    expect(e.message).toBe(`Prometheus: cannot reach ${base} (ECONNREFUSED)`);
    expect(e.code).toBe("connection_failed");
  });

  it("does not follow a redirect", async () => {
    const base = await serve((_req, res) => {
      res.writeHead(302, { location: "http://127.0.0.1:1/elsewhere" });
      res.end();
    });
    const e = await failure(new PrometheusClient(base).queryRange("up", 0, 1000, 5));
    expect(e.message).toBe(`Prometheus: cannot reach ${base}`);
  });
});
