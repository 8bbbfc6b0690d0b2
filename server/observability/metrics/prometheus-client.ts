import { z } from "zod";
import { ConsoleError } from "@/lib/errors";

/** The Prometheus at PROMETHEUS_URL gave no usable answer; `reason` in words. 502: the peer, not the request, is at fault. */
export class PrometheusError extends ConsoleError {
  constructor(reason: string, options?: { cause?: unknown }) {
    super("connection_failed", `Prometheus: ${reason}`, { source: "prometheus" }, options);
    this.name = "PrometheusError";
  }
}

/** One series of a range query: its labels and [seconds, "value"] pairs. */
export interface PromSeries {
  readonly metric: Readonly<Record<string, string>>;
  readonly values: readonly (readonly [number, number])[];
}

const matrixSchema = z.object({
  status: z.literal("success"),
  data: z.object({
    resultType: z.literal("matrix"),
    result: z.array(z.object({ metric: z.record(z.string(), z.string()), values: z.array(z.tuple([z.number(), z.string()])) })),
  }),
});
const errorSchema = z.object({ status: z.literal("error"), errorType: z.string().optional(), error: z.string() });

export interface PrometheusClientOptions {
  readonly timeoutMs?: number;
  /** The largest answer read (default 8 MiB). */
  readonly maxBytes?: number;
  readonly fetch?: typeof fetch;
}

/**
 * Prometheus's HTTP API, the one call the console makes: `GET /api/v1/query_range`. Every
 * answer is validated; an error, a timeout, an answer over the cap or not of the documented
 * shape is a {@link PrometheusError} saying which.
 */
export class PrometheusClient {
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly fetch: typeof fetch;

  constructor(
    private readonly baseUrl: string,
    options: PrometheusClientOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
    this.fetch = options.fetch ?? fetch;
  }

  /** `query` over [startMs, endMs] every `stepSeconds`. @throws PrometheusError. */
  async queryRange(query: string, startMs: number, endMs: number, stepSeconds: number): Promise<PromSeries[]> {
    const url = new URL("api/v1/query_range", this.baseUrl.endsWith("/") ? this.baseUrl : `${this.baseUrl}/`);
    url.searchParams.set("query", query);
    url.searchParams.set("start", (startMs / 1000).toFixed(3));
    url.searchParams.set("end", (endMs / 1000).toFixed(3));
    url.searchParams.set("step", String(stepSeconds));
    let text: string;
    let status: number;
    try {
      const res = await this.fetch(url, { signal: AbortSignal.timeout(this.timeoutMs), redirect: "error", headers: { accept: "application/json" } });
      status = res.status;
      text = await readCapped(res, this.maxBytes);
    } catch (e) {
      if (e instanceof PrometheusError) throw e;
      const name = (e as Error).name;
      if (name === "TimeoutError" || name === "AbortError") throw new PrometheusError(`no answer within ${this.timeoutMs} ms from ${url.origin}`, { cause: e });
      const cause = (e as { cause?: { code?: string } }).cause?.code;
      throw new PrometheusError(`cannot reach ${url.origin}${cause ? ` (${cause})` : ""}`, { cause: e });
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new PrometheusError(`${url.origin} answered HTTP ${status} with no JSON: is PROMETHEUS_URL the Prometheus server's address?`);
    }
    const failed = errorSchema.safeParse(body);
    if (failed.success) throw new PrometheusError(`the query was refused (${failed.data.errorType ?? "error"}: ${failed.data.error})`);
    const matrix = matrixSchema.safeParse(body);
    if (!matrix.success) throw new PrometheusError(`HTTP ${status}, an answer not of the query_range shape`);
    return matrix.data.data.result.map((r) => ({ metric: r.metric, values: r.values.map(([t, v]) => [t, sampleValue(v)] as const) }));
  }
}

async function readCapped(res: Response, maxBytes: number): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new PrometheusError(`an answer over ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** A sample value as Prometheus writes it in JSON: a decimal string, or "+Inf", "-Inf", "NaN" (which Number() reads as NaN). */
function sampleValue(text: string): number {
  if (text === "+Inf" || text === "Inf") return Number.POSITIVE_INFINITY;
  if (text === "-Inf") return Number.NEGATIVE_INFINITY;
  return Number(text);
}
