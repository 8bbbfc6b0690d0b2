import { describe, expect, it } from "vitest";
import { ConfigError } from "@/lib/errors";
import { DEFAULT_RATE_WINDOW, DEFAULT_SCRAPE_MS, parseMetricsConfig } from "@/server/runtime/metrics-config";

/** The ConfigError `env` throws (fails the test when it parses). */
function refusal(env: Record<string, string>): ConfigError {
  try {
    parseMetricsConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return e as ConfigError;
  }
  throw new Error(`parsed: ${JSON.stringify(env)}`);
}

describe("parseMetricsConfig", () => {
  it("defaults to scraping, a 1m window and 5 s between scrapes", () => {
    expect(parseMetricsConfig({})).toEqual({ rateWindow: "1m", scrapeMs: 5000 });
    expect([DEFAULT_RATE_WINDOW, DEFAULT_SCRAPE_MS]).toEqual(["1m", 5000]);
    expect(Object.hasOwn(parseMetricsConfig({}), "prometheusUrl")).toBe(false);
  });

  it("takes empty and blank values as absent", () => {
    expect(parseMetricsConfig({ PROMETHEUS_URL: "  ", CONSOLE_PROMETHEUS_RATE_WINDOW: "", CONSOLE_METRICS_SCRAPE_MS: " " })).toEqual({ rateWindow: "1m", scrapeMs: 5000 });
  });

  it("normalises a good URL", () => {
    expect(parseMetricsConfig({ PROMETHEUS_URL: " http://Prometheus:9090 " }).prometheusUrl).toBe("http://prometheus:9090/");
    expect(parseMetricsConfig({ PROMETHEUS_URL: "https://metrics.example.com/prom" }).prometheusUrl).toBe("https://metrics.example.com/prom");
    expect(parseMetricsConfig({ PROMETHEUS_URL: "HTTP://10.0.0.9:80/" }).prometheusUrl).toBe("http://10.0.0.9/");
  });

  it("takes a window and a scrape interval in range", () => {
    expect(parseMetricsConfig({ CONSOLE_PROMETHEUS_RATE_WINDOW: " 30s ", CONSOLE_METRICS_SCRAPE_MS: "500" })).toEqual({ rateWindow: "30s", scrapeMs: 500 });
    expect(parseMetricsConfig({ CONSOLE_PROMETHEUS_RATE_WINDOW: "2h", CONSOLE_METRICS_SCRAPE_MS: "300000" })).toEqual({ rateWindow: "2h", scrapeMs: 300_000 });
  });

  it.each([
    ["not a URL", "http://", '"http://" is not a URL such as http://prometheus:9090'],
    ["a broken host", "http://[::1:9090", '"http://[::1:9090" is not a URL such as http://prometheus:9090'],
    ["host:port without a scheme (which URL would read as scheme prometheus:)", "prometheus:9090", '"prometheus:9090" needs its scheme: http://prometheus:9090 or https://prometheus:9090'],
    ["no scheme", "prometheus", '"prometheus" needs its scheme: http://prometheus or https://prometheus'],
    ["not a URL", "http://", '"http://" is not a URL such as http://prometheus:9090'],
    ["ftp", "ftp://prometheus:9090", '"ftp://prometheus:9090" must be http or https'],
    ["credentials", "http://user:secret@prometheus:9090", '"http://user:secret@prometheus:9090": give the server\'s base address only (no credentials, query or fragment)'],
    ["a user alone", "http://user@prometheus:9090", '"http://user@prometheus:9090": give the server\'s base address only (no credentials, query or fragment)'],
    ["a query string", "http://prometheus:9090/?x=1", '"http://prometheus:9090/?x=1": give the server\'s base address only (no credentials, query or fragment)'],
    ["a fragment", "http://prometheus:9090/#top", '"http://prometheus:9090/#top": give the server\'s base address only (no credentials, query or fragment)'],
  ])("refuses PROMETHEUS_URL with %s", (_what, value, reason) => {
    const e = refusal({ PROMETHEUS_URL: value });
    expect([e.variable, e.code, e.message]).toEqual(["PROMETHEUS_URL", "config_invalid", `invalid PROMETHEUS_URL: ${reason}`]);
  });

  it.each(["5x", "0m", "1d", "1m30s", "-1m"])("refuses the rate window %s", (value) => {
    const e = refusal({ CONSOLE_PROMETHEUS_RATE_WINDOW: value });
    expect([e.variable, e.message]).toEqual(["CONSOLE_PROMETHEUS_RATE_WINDOW", `invalid CONSOLE_PROMETHEUS_RATE_WINDOW: "${value}" is not a PromQL range such as 30s, 1m or 1h`]);
  });

  it.each(["abc", "100", "499", "999999", "300001", "1.5", "-5000", "5e3", "1234567"])("refuses the scrape interval %s", (value) => {
    const e = refusal({ CONSOLE_METRICS_SCRAPE_MS: value });
    expect([e.variable, e.message]).toEqual(["CONSOLE_METRICS_SCRAPE_MS", `invalid CONSOLE_METRICS_SCRAPE_MS: "${value}" is not a whole number of ms from 500 to 300000`]);
  });

  it("names the first bad variable when several are bad", () => {
    expect(refusal({ PROMETHEUS_URL: "ftp://x", CONSOLE_METRICS_SCRAPE_MS: "abc" }).variable).toBe("PROMETHEUS_URL");
    expect(refusal({ CONSOLE_PROMETHEUS_RATE_WINDOW: "5x", CONSOLE_METRICS_SCRAPE_MS: "abc" }).variable).toBe("CONSOLE_PROMETHEUS_RATE_WINDOW");
  });
});
