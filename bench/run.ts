/**
 * `npm run bench`: every benchmark, printed as figures and ratios against a real peer
 * measured in the same run. BENCH_SERVICES (default 2000; registry-sync and registry-cache)
 * and BENCH_ROUNDS (default 5).
 * `npm run bench -- route-preview` times a route preview of 10,000 providers against
 * Java's routers (issue 7; BENCH_ROUTE_ROUNDS, default 20).
 * `npm run bench -- config-preview` times issue 16's override preview of one draft against 10,000
 * providers and 40 consumers beside the Java consumers' own configurators (BENCH_CONFIG_ROUNDS, default 30).
 * `npm run bench -- config-editor` times the Configuration editor's keystroke to painted
 * pre-save preview in Chromium at 10,000 providers and 40 consumers (issue 16).
 * `npm run bench -- preview-editor` times issue 15 item 20's keystroke to painted preview in
 * Chromium on the built console, 10,000 providers and 40 consumers (BENCH_KEYSTROKES, default 30).
 * `npm run bench -- startup-block` times issue 15 item 21's event-loop blocks in the built console
 * during start-up and churn at 250,000 URLs (BENCH_SERVICES_LARGE, BENCH_CHURN_SECONDS).
 * `npm run bench -- search` times issue 15 item 22's searches over HTTP on the built console at
 * 2,000 services / 50,000 URLs, kept answers against fresh ones (BENCH_SEARCH_ROUNDS, default 200).
 * `npm run bench -- raw-echo` prints issue 8's ceiling: Dubbo frames echoed over loopback
 * TCP, 64 in flight, 1 KiB bodies (BENCH_ECHO_SECONDS, default 5).
 * `npm run bench -- invoke` measures issue 8's engine against the real Java 3.3 consumer:
 * echoString of 1 KiB on a real 3.3 provider, 64 in flight on one connection, alternating
 * rounds (BENCH_INVOKE_SECONDS per client, default 15), then the raw-echo ceiling.
 * `npm run bench -- triple-invoke` measures issue 19's engine over Triple against the real Java 3.3.6
 * consumer: echoString of 1 KiB on a real 3.3.6 provider's tri port, 64 in flight on one connection,
 * alternating rounds (BENCH_INVOKE_SECONDS per client, default 15).
 * `npm run bench -- invoke-ui` times issue 19's Invoke page in Chromium on the built console, Send
 * to painted answer of echoUser(User) on a real 3.3.6 provider pinned to its tri and its dubbo
 * address in alternating rounds, beside the same request over HTTP (BENCH_INVOKE_UI_ROUNDS, default 30).
 * `npm run bench -- hessian` times hessian2 encode and decode of the demo POJOs beside
 * hessian.js alone (issue 8).
 * `npm run bench -- registry` runs the benchmark of that name (issue 6's registry
 * measurements, the built console's included: it runs `npm run build` first when the
 * build is missing or stale; BENCH_LARGE=1 or `--large` adds 250,000 URLs); a name that
 * matches none exactly runs those that contain it (`npm run bench -- cache`).
 */
import { ensureJavaPeersBuilt } from "../test/support/java-build";
import { killAllPeers } from "../test/support/child-process";
import { benchInvoke } from "./invoke";
import { benchInvokeUi } from "./invoke-ui";
import { benchRawEcho } from "./raw-echo";
import { benchRegistry } from "./registry-bench";
import { benchRegistryCache } from "./registry-cache";
import { benchRegistrySync } from "./registry-sync";
import { benchConfigPreview } from "./config-preview";
import { benchTagPreview } from "./tag-preview";
import { benchHessian } from "./hessian";
import { benchConfigEditor } from "./config-editor";
import { benchPreviewEditor } from "./preview-editor";
import { benchRoutePreview } from "./route-preview";
import { benchSearch } from "./search";
import { benchStartupBlock } from "./startup-block";

async function main(): Promise<void> {
  await ensureJavaPeersBuilt();
  const services = Number(process.env.BENCH_SERVICES ?? 2000);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  const large = process.env.BENCH_LARGE === "1" || process.argv.includes("--large");
  const benches: [string, () => Promise<string[]>][] = [
    ["registry", () => benchRegistry(rounds, large)],
    ["registry-sync", () => benchRegistrySync(services, rounds)],
    ["registry-cache", () => benchRegistryCache(services, rounds)],
    ["route-preview", () => benchRoutePreview(Number(process.env.BENCH_ROUTE_ROUNDS ?? 20))],
    ["config-preview", () => benchConfigPreview(Number(process.env.BENCH_CONFIG_ROUNDS ?? 30))],
    ["tag-preview", () => benchTagPreview(Number(process.env.BENCH_TAG_ROUNDS ?? 30))],
    ["startup-block", () => benchStartupBlock(Number(process.env.BENCH_SERVICES_LARGE ?? 10_000), Number(process.env.BENCH_CHURN_SECONDS ?? 20))],
    ["preview-editor", () => benchPreviewEditor(Number(process.env.BENCH_KEYSTROKES ?? 30))],
    ["config-editor", () => benchConfigEditor(Number(process.env.BENCH_KEYSTROKES ?? 30))],
    ["raw-echo", () => benchRawEcho(1000 * Number(process.env.BENCH_ECHO_SECONDS ?? 5))],
    ["invoke", () => benchInvoke(1000 * Number(process.env.BENCH_INVOKE_SECONDS ?? 15), 1000 * Number(process.env.BENCH_ECHO_SECONDS ?? 5))],
    ["triple-invoke", async () => (await import("./triple-invoke")).benchTripleInvoke(1000 * Number(process.env.BENCH_INVOKE_SECONDS ?? 15))],
    ["invoke-ui", () => benchInvokeUi(Number(process.env.BENCH_INVOKE_UI_ROUNDS ?? 30))],
    ["hessian", async () => benchHessian(rounds)],
    ["search", () => benchSearch(services, Number(process.env.BENCH_SEARCH_ROUNDS ?? 200))],
  ];
  const only = process.argv.slice(2).find((a) => !a.startsWith("--"));
  const exact = benches.some(([name]) => name === only);
  for (const [name, run] of benches) {
    if (only && (exact ? name !== only : !name.includes(only))) continue;
    for (const line of await run()) process.stdout.write(`${line}\n`);
  }
}

main()
  .then(() => process.exit(0))
  .catch((e: unknown) => {
    process.stderr.write(`bench failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    killAllPeers();
    process.exit(1);
  });
