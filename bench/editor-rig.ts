import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../test/support/browser";
import { type ConsoleHandle, startConsole } from "../test/support/console-server";
import { waitFor } from "../test/support/wait-for";
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
