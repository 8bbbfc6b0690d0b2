import { request as httpRequest } from "node:http";

/** An answer read whole: status, headers, body text, and how long it took (ms). */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  readonly ms: number;
}

/**
 * One HTTP request over a real socket, with the headers fetch will not let a test choose:
 * `host` (a DNS-rebinding page's), and the socket's own source address (`localAddress`, any
 * of 127.0.0.0/8 on Linux), so a test can stand in for several clients.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  const target = new URL(url);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? "GET",
        headers: { ...(options.body === undefined ? {} : { "content-type": "application/json" }), ...options.headers },
        localAddress: options.localAddress,
        agent: false,
        timeout: options.timeoutMs ?? 120_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8"), ms: performance.now() - started }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer from ${url} within ${options.timeoutMs ?? 120_000} ms`)));
    req.on("error", reject);
    req.end(options.body);
  });
}
