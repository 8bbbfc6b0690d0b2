/**
 * Issue 16: keystroke to painted preview in Chromium on the Configuration editor of the
 * built console (`next start`), over a registry holding one service with 10,000 providers
 * and 40 registered consumers (bench/route-preview.ts's SHAPE, written into a real ZooKeeper
 * by bench/preview-registry.ts).
 *
 * The editor gets a new consumer-side `timeout` for the whole service (every provider of
 * every consumer changes: the preview's widest common case); then, `keystrokes` times, one
 * digit is typed into its value (every value new, so no answer comes from the query cache)
 * and the page's own clock times it from the keydown event until the pre-save preview is
 * `current` and names the value just typed (`→ {value}`), and the frame after it has been
 * painted (requestAnimationFrame, then a task). Bytes per keystroke are the preview
 * requests' resource timings in that window.
 *
 * The peer, in the same run: the same request (captured from the page) sent from Node over
 * HTTP, one at a time: the round trip a page cannot beat. Goal, as the route editor's
 * (bench/preview-editor.ts): median and p95 under 100 ms.
 *
 *   npm run bench -- config-editor     # BENCH_KEYSTROKES, default 30
 */
import type { Page } from "playwright-core";
import { type Keystroke, keystrokeLines, startEditorRig, timeHttp } from "./editor-rig";
import { load, PROVIDERS, SHAPE } from "./route-preview";

const GOAL_MS = 100;
/** Keystrokes typed and not counted first: the server's JIT and the page's first renders. */
const WARM_KEYS = 5;
const PREVIEW = "/api/v1/configs/preview";


/** Types `key` into the focused value and times it to the painted preview naming the new value. */
async function timeKeystroke(page: Page, key: string): Promise<Keystroke> {
  const measured = page.evaluate(
    (path) =>
      new Promise<Keystroke>((resolve, reject) => {
        const input = document.querySelector<HTMLInputElement>('[data-testid="parameter-value"]')!;
        let start = Number.NaN;
        const timeout = setTimeout(() => reject(new Error("no current preview of the typed value within 30 s of the keystroke")), 30_000);
        document.addEventListener("keydown", (e) => (start = e.timeStamp), { capture: true, once: true });
        const settled = () => {
          const panel = document.querySelector('[data-testid="draft-preview"]');
          if (panel?.getAttribute("data-state") !== "current") return false;
          return [...panel.querySelectorAll('[data-testid="draft-preview-line"]')].some((l) => l.textContent?.includes(`→ ${input.value}`) === true);
        };
        const observer = new MutationObserver(() => {
          if (Number.isNaN(start) || !settled()) return;
          observer.disconnect();
          requestAnimationFrame(() =>
            setTimeout(() => {
              clearTimeout(timeout);
              const ms = performance.now() - start;
              const previews = performance.getEntriesByType("resource").filter((r): r is PerformanceResourceTiming => r.name.endsWith(path) && r.startTime >= start);
              const last = previews.at(-1);
              const split = last
                ? { beforeRequest: last.startTime - start, waiting: last.responseStart - last.startTime, transfer: last.responseEnd - last.responseStart, afterAnswer: start + ms - last.responseEnd }
                : { beforeRequest: Number.NaN, waiting: Number.NaN, transfer: Number.NaN, afterAnswer: Number.NaN };
              resolve({ ms, wireBytes: previews.reduce((n, r) => n + r.transferSize, 0), bodyBytes: previews.reduce((n, r) => n + r.decodedBodySize, 0), requests: previews.length, ...split });
            }),
          );
        });
        observer.observe(document.body, { attributes: true, subtree: true, childList: true, characterData: true });
      }),
    PREVIEW,
  );
  measured.catch(() => {}); // awaited below; a rejection before then is not unhandled
  await page.waitForFunction(() => true);
  await page.keyboard.press(key);
  return measured;
}

export async function benchConfigEditor(keystrokes: number): Promise<string[]> {
  const rig = await startEditorRig();
  try {
    const { server, key } = rig;
    const page = await rig.page();
    let lastBody = "";
    page.on("request", (r) => {
      if (r.url().endsWith(PREVIEW)) lastBody = r.postData() ?? "";
    });
    await page.goto(`${server.url}/services/detail?key=${encodeURIComponent(key)}&tab=configuration`);
    await page.getByTestId("new-config").click();
    const editor = page.getByTestId("config-editor");
    await editor.getByTestId("parameter-key").first().fill("timeout");
    await editor.getByTestId("parameter-value").first().click();
    await page.keyboard.type("4");
    await editor.locator('[data-testid="draft-preview"][data-state="current"] [data-testid="draft-preview-line"]').first().waitFor({ timeout: 60_000 });
    const typed: Keystroke[] = [];
    for (let i = 0; i < WARM_KEYS + keystrokes; i++) {
      const k = await timeKeystroke(page, String((i * 7 + 1) % 10));
      if (i >= WARM_KEYS) typed.push(k);
    }
    const line = await editor.getByTestId("draft-preview-line").first().textContent();
    await page.context().close();
    const http = await timeHttp(server.url, PREVIEW, lastBody, keystrokes, WARM_KEYS);
    return [
      `config-editor: keystroke to painted pre-save preview in Chromium, ${PROVIDERS} providers, ${SHAPE.consumers} consumers, a consumer-side timeout for the service, ${keystrokes} keystrokes (+${WARM_KEYS} not counted), built console (${load()})`,
      `  e.g. ${(line ?? "").slice(0, 160)}`,
      ...keystrokeLines(typed, http, GOAL_MS),
    ];
  } finally {
    await rig.stop();
  }
}
