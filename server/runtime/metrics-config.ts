import { ConfigError } from "@/lib/errors";
import { RATE_WINDOW } from "@/lib/metrics/promql";

/** Where live metrics come from (GET /api/v1/metrics). */
export interface MetricsConfig {
  /** PROMETHEUS_URL: the Prometheus server read over its HTTP API; absent: the console scrapes the providers' QoS itself. */
  readonly prometheusUrl?: string;
  /** CONSOLE_PROMETHEUS_RATE_WINDOW: the rate() range of its queries (default 1m; at least two of its scrape intervals). */
  readonly rateWindow: string;
  /** CONSOLE_METRICS_SCRAPE_MS: between two scrapes of a provider when scraping (default 5000). */
  readonly scrapeMs: number;
}

export const DEFAULT_RATE_WINDOW = "1m";
export const DEFAULT_SCRAPE_MS = 5_000;

/** The metrics settings of `env`. @throws ConfigError naming the variable and what is wrong. */
export function parseMetricsConfig(env: Readonly<Record<string, string | undefined>>): MetricsConfig {
  const url = env.PROMETHEUS_URL?.trim();
  let prometheusUrl: string | undefined;
  if (url) {
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) throw new ConfigError("PROMETHEUS_URL", `"${url}" needs its scheme: http://${url} or https://${url}`);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ConfigError("PROMETHEUS_URL", `"${url}" is not a URL such as http://prometheus:9090`);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new ConfigError("PROMETHEUS_URL", `"${url}" must be http or https`);
    if (parsed.username || parsed.password || parsed.search || parsed.hash) throw new ConfigError("PROMETHEUS_URL", `"${url}": give the server's base address only (no credentials, query or fragment)`);
    prometheusUrl = parsed.href;
  }
  const window = env.CONSOLE_PROMETHEUS_RATE_WINDOW?.trim() || DEFAULT_RATE_WINDOW;
  if (!RATE_WINDOW.test(window)) throw new ConfigError("CONSOLE_PROMETHEUS_RATE_WINDOW", `"${window}" is not a PromQL range such as 30s, 1m or 1h`);
  const scrapeText = env.CONSOLE_METRICS_SCRAPE_MS?.trim();
  let scrapeMs = DEFAULT_SCRAPE_MS;
  if (scrapeText) {
    scrapeMs = /^\d{1,6}$/.test(scrapeText) ? Number(scrapeText) : Number.NaN;
    if (!Number.isInteger(scrapeMs) || scrapeMs < 500 || scrapeMs > 300_000) throw new ConfigError("CONSOLE_METRICS_SCRAPE_MS", `"${scrapeText}" is not a whole number of ms from 500 to 300000`);
  }
  return { ...(prometheusUrl ? { prometheusUrl } : {}), rateWindow: window, scrapeMs };
}
