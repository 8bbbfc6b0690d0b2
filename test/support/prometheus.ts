import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startPeer } from "./child-process";
import { freePort } from "./free-port";
import { orphanReaper } from "./orphan-reaper";
import { waitFor } from "./wait-for";

/** Debian's Prometheus server (scripts/ensure-prometheus.sh installs it; PROMETHEUS_BIN overrides). */
const BIN = process.env.PROMETHEUS_BIN ?? "/usr/bin/prometheus";

export interface PrometheusHandle {
  /** `http://127.0.0.1:port`, for PROMETHEUS_URL. */
  readonly url: string;
  /** Resolves once Prometheus has scraped every target at least once and found it up. */
  untilScraped(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts a real Prometheus server on a free loopback port, scraping each `targets` entry
 * (`host:port`, the Dubbo QoS of a provider started with `metrics`) at `metrics_path`
 * /metrics every `scrapeSeconds` (default 1), its data in a temp folder removed by stop().
 */
export async function startPrometheus(targets: readonly string[], scrapeSeconds = 1): Promise<PrometheusHandle> {
  if (!existsSync(BIN)) throw new Error(`no Prometheus server at ${BIN}: run scripts/ensure-prometheus.sh (Debian's prometheus package) or set PROMETHEUS_BIN`);
  const base = mkdtempSync(join(tmpdir(), "prometheus-"));
  orphanReaper().removeDirOnDeath(base);
  const config = join(base, "prometheus.yml");
  writeFileSync(
    config,
    [
      "global:",
      `  scrape_interval: ${scrapeSeconds}s`,
      `  scrape_timeout: ${scrapeSeconds}s`,
      "scrape_configs:",
      "  - job_name: dubbo",
      "    metrics_path: /metrics",
      "    static_configs:",
      `      - targets: [${targets.map((t) => JSON.stringify(t)).join(", ")}]`,
      "",
    ].join("\n"),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const peer = startPeer(`prometheus@${port}`, BIN, [`--config.file=${config}`, `--storage.tsdb.path=${join(base, "data")}`, `--web.listen-address=127.0.0.1:${port}`, "--log.level=warn", "--storage.tsdb.retention.time=1d"], { keepLines: 200 });
  const stop = async () => {
    await peer.stop();
    rmSync(base, { recursive: true, force: true });
    orphanReaper().keepDir(base);
  };
  try {
    await Promise.race([
      waitFor("Prometheus ready", async () => (await fetch(`${url}/-/ready`).catch(() => null))?.ok, 60_000),
      peer.exited.then((code) => {
        throw new Error(`${peer.name} exited with ${code}:\n${peer.lines.slice(-20).join("\n")}`);
      }),
    ]);
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    url,
    untilScraped: async (timeoutMs = 30_000) => {
      await waitFor(
        `Prometheus scraping ${targets.join(", ")}`,
        async () => {
          const body = (await (await fetch(`${url}/api/v1/targets`)).json()) as { data: { activeTargets: { scrapeUrl: string; health: string; lastError: string }[] } };
          const active = body.data.activeTargets;
          return active.length === targets.length && active.every((t) => t.health === "up") ? true : (() => { throw new Error(JSON.stringify(active.map((t) => [t.scrapeUrl, t.health, t.lastError]))); })();
        },
        timeoutMs,
      );
    },
    stop,
  };
}
