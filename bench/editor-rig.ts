import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../test/support/browser";
import { type ConsoleHandle, startConsole } from "../test/support/console-server";
import { waitFor } from "../test/support/wait-for";
import { quantile } from "./bench-process";
import { ensureConsoleBuilt } from "./console-build";
import { type PreviewRegistry, startPreviewRegistry } from "./preview-registry";
import { serviceInterface } from "./registry-urls";
import { PROVIDERS, SHAPE } from "./route-preview";

/**
 * What the editor benches (keystroke to painted preview: bench/preview-editor.ts for
 * routes, bench/config-editor.ts for configs) share: the built console over a registry
 * holding route-preview.ts's SHAPE (10,000 providers, 40 consumers), listed in full before
 * anything is timed; a Chromium page on it; and the peer, a preview request sent from Node
 * over HTTP one at a time (the round trip a page cannot beat).
 */
export interface EditorRig {
  readonly server: ConsoleHandle;
  /** The service's key. */
  readonly key: string;
  /** A fresh page at 1400×900. */
  page(): Promise<Page>;
  stop(): Promise<void>;
}

export async function startEditorRig(): Promise<EditorRig> {
  await ensureConsoleBuilt();
  const registry: PreviewRegistry = await startPreviewRegistry(SHAPE);
  let browser: Browser | null = null;
  let server: ConsoleHandle | null = null;
  const stop = async () => {
    await server?.stop();
    await browser?.close();
    await registry.stop();
  };
  try {
    browser = await launchBrowser();
    server = await startConsole({ DUBBO_REGISTRY: registry.dubboAddress, LOG_LEVEL: "warn" });
    const key = serviceInterface(SHAPE.service);
    const url = server.url;
    await waitFor(
      "the console to list every provider and consumer",
      async () => {
        const res = await fetch(`${url}/api/v1/service?key=${encodeURIComponent(key)}`);
        const s = res.ok ? ((await res.json()) as { providers: unknown[]; consumers: unknown[] }) : null;
        return s?.providers.length === PROVIDERS && s.consumers.length === SHAPE.consumers;
      },
      300_000,
    );
    const opened = browser;
    return {
      server,
      key,
      page: async () => {
        const context = await opened.newContext({ viewport: { width: 1400, height: 900 } });
        // tsx names the functions of the bench files with a helper the page does not have (esbuild's keepNames).
        await context.addInitScript({ content: "window.__name = (f) => f;" });
        return context.newPage();
      },
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** `body` POSTed to `path` from Node, `rounds` times after `warm` not counted: each round trip (ms) and the answer's size. */
export async function timeHttp(url: string, path: string, body: string, rounds: number, warm: number): Promise<{ ms: number[]; bytes: number }> {
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < rounds + warm; i++) {
    const started = performance.now();
    const res = await fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json", origin: url }, body });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 300)}`);
    if (i >= warm) ms.push(performance.now() - started);
    bytes = text.length;
  }
  return { ms, bytes };
}

/** One keystroke timed in the page, to its painted preview. */
export interface Keystroke {
  ms: number;
  wireBytes: number;
  bodyBytes: number;
  requests: number;
  /** Where the time went (ms), from the last preview request's resource timing: keydown to its start (the page's render and debounce), its start to the first byte of the answer (server and network), the answer's transfer, and the answer in to painted (JSON.parse, validation, render, paint). */
  beforeRequest: number;
  waiting: number;
  transfer: number;
  afterAnswer: number;
}

/** The report lines both editor benches print: keystroke to painted against `goalMs`, where the time went, bytes, and the peer's round trip. */
export function keystrokeLines(typed: readonly Keystroke[], http: { ms: number[]; bytes: number }, goalMs: number): string[] {
  const ms = typed.map((k) => k.ms);
  const med = quantile(ms, 0.5);
  const p95 = quantile(ms, 0.95);
  const httpMed = quantile(http.ms, 0.5);
  const per = (pick: (k: Keystroke) => number) => quantile(typed.map(pick), 0.5);
  const split = (pick: (k: Keystroke) => number) => `${quantile(typed.map(pick), 0.5).toFixed(1)} / ${quantile(typed.map(pick), 0.95).toFixed(1)}`;
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KiB`;
  const met = (v: number) => (v < goalMs ? "met" : "NOT met");
  return [
    `  keystroke to painted: median ${med.toFixed(1)} ms (goal < ${goalMs} ms, ${met(med)}), p95 ${p95.toFixed(1)} ms (${met(p95)}), worst ${Math.max(...ms).toFixed(1)} ms`,
    `  where the time goes (median / p95 ms): keydown to request ${split((k) => k.beforeRequest)}, server and network to first byte ${split((k) => k.waiting)}, transfer ${split((k) => k.transfer)}, answer in to painted (parse, validate, render, paint) ${split((k) => k.afterAnswer)}`,
    `  per keystroke: ${per((k) => k.requests)} request(s), ${kb(per((k) => k.wireBytes))} on the wire, ${kb(per((k) => k.bodyBytes))} decoded`,
    `  peer, the same request from Node over HTTP: median ${httpMed.toFixed(1)} ms, p95 ${quantile(http.ms, 0.95).toFixed(1)} ms, ${kb(http.bytes)}; painted / round trip ${(med / httpMed).toFixed(2)}x`,
  ];
}
