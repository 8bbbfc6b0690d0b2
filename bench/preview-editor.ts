/**
 * Issue 15 item 20: keystroke to painted preview in Chromium, on the real editor page of the
 * built console (`next start`), over a registry holding one service with 10,000 providers
 * and 40 registered consumers and two saved routes (bench/route-preview.ts's SHAPE, written
 * into a real ZooKeeper by bench/preview-registry.ts).
 *
 * The editor's text mode gets route-preview.ts's rule with a host value being typed; then,
 * `keystrokes` times, one character is typed (a digit, so every text is new and valid and
 * no answer comes from the query cache) and the page's own clock times it from the
 * keydown event until the preview panel is `current` again (the answer for that very text
 * in place, its provider list rendered) and the frame after it has been painted
 * (requestAnimationFrame, then a task). Bytes per keystroke are the preview requests'
 * resource timings in that window (on the wire, and decoded). Then the provider list is
 * scrolled to its middle, and the time until the rows there (asked a page at a time) show.
 *
 * The peer, in the same run: the same request (captured from the page) sent from Node over
 * HTTP, one at a time: the round trip a page cannot beat. Goal: median and p95 under 100 ms.
 *
 *   npm run bench -- preview-editor     # BENCH_KEYSTROKES, default 30
 */
import type { Page } from "playwright-core";
import { type Keystroke, keystrokeLines, startEditorRig, timeHttp } from "./editor-rig";
import { load, PROVIDERS, RULE, SHAPE } from "./route-preview";

const GOAL_MS = 100;
/** Keystrokes typed and not counted first: the server's JIT and the page's first renders. */
const WARM_KEYS = 5;
/** route-preview.ts's rule, its last host value (the end of the text) growing a digit a keystroke; the consumer calls `create`. */
const BASE_RULE = `${RULE.slice(0, RULE.indexOf("=>"))}=> release != 2.7.23 & host = 10.16.1*,10.16.3*,10.99.`;
const METHOD = "create";


/** Types `key` in the focused editor and times it to the painted preview of the new text. */
async function timeKeystroke(page: Page, key: string): Promise<Keystroke> {
  const measured = page.evaluate(
    () =>
      new Promise<Keystroke>((resolve, reject) => {
        const panel = document.querySelector('[data-testid="route-preview"]')!;
        let start = Number.NaN;
        let left = false;
        const timeout = setTimeout(() => reject(new Error("no current preview within 30 s of the keystroke")), 30_000);
        document.addEventListener("keydown", (e) => (start = e.timeStamp), { capture: true, once: true });
        const settled = () => panel.getAttribute("data-state") === "current" && panel.querySelector("[data-preview-provider]") !== null;
        const observer = new MutationObserver(() => {
          if (Number.isNaN(start)) return;
          if (!settled()) left = true;
          else if (left) {
            observer.disconnect();
            // The frame holding the answer is painted once this frame's callbacks and a task after them have run.
            requestAnimationFrame(() =>
              setTimeout(() => {
                clearTimeout(timeout);
                const ms = performance.now() - start;
                const previews = performance.getEntriesByType("resource").filter((r): r is PerformanceResourceTiming => r.name.includes("/api/v1/routes/preview") && r.startTime >= start);
                const last = previews.at(-1);
                const split = last
                  ? { beforeRequest: last.startTime - start, waiting: last.responseStart - last.startTime, transfer: last.responseEnd - last.responseStart, afterAnswer: start + ms - last.responseEnd }
                  : { beforeRequest: Number.NaN, waiting: Number.NaN, transfer: Number.NaN, afterAnswer: Number.NaN };
                resolve({ ms, wireBytes: previews.reduce((n, r) => n + r.transferSize, 0), bodyBytes: previews.reduce((n, r) => n + r.decodedBodySize, 0), requests: previews.length, ...split });
              }),
            );
          }
        });
        observer.observe(panel, { attributes: true, subtree: true, childList: true });
      }),
  );
  measured.catch(() => {}); // awaited below; a rejection before then is not unhandled
  // The listener and observer are in place before the key is pressed.
  await page.waitForFunction(() => true);
  await page.keyboard.press(key);
  return measured;
}

/** Scrolls the provider list to its middle and times until the rows there are shown (their page asked and answered). */
async function timeScrollToMiddle(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const list = document.querySelector('[data-testid="preview-providers"]')!;
        const start = performance.now();
        list.scrollTop = list.scrollHeight / 2;
        const check = () => {
          const rows = list.querySelectorAll("[data-index]");
          if (rows.length > 0 && list.querySelectorAll("[data-pending-row]").length === 0 && Number(rows[0]!.getAttribute("data-index")) > 100) resolve(performance.now() - start);
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

export async function benchPreviewEditor(keystrokes: number): Promise<string[]> {
  const rig = await startEditorRig();
  try {
    const { server, key } = rig;
    const page = await rig.page();
    // The peer repeats the last keystroke's request (the list's page requests come later, from the scroll).
    let lastBody = "";
    let capturing = true;
    page.on("request", (r) => {
      if (capturing && r.url().endsWith("/api/v1/routes/preview")) lastBody = r.postData() ?? "";
    });
    await page.goto(`${server.url}/services/detail?key=${encodeURIComponent(key)}&tab=routes&new=1`);
    await page.getByLabel("Method called").fill(METHOD);
    await page.getByRole("radio", { name: "Text" }).click();
    await page.getByTestId("rule-text").click();
    await page.keyboard.type(BASE_RULE);
    await page.locator('[data-testid="route-preview"][data-state="current"] [data-preview-provider]').first().waitFor({ timeout: 60_000 });
    const typed: Keystroke[] = [];
    for (let i = 0; i < WARM_KEYS + keystrokes; i++) {
      const k = await timeKeystroke(page, String((i * 7 + 1) % 10));
      if (i >= WARM_KEYS) typed.push(k);
    }
    capturing = false;
    const scrollMs = await timeScrollToMiddle(page);
    const shown = await page.locator('[data-testid="preview-result"] h2 span').textContent();
    await page.context().close();
    const http = await timeHttp(server.url, "/api/v1/routes/preview", lastBody, keystrokes, WARM_KEYS);
    return [
      `preview-editor: keystroke to painted preview in Chromium, ${PROVIDERS} providers, ${SHAPE.consumers} consumers, ${keystrokes} keystrokes (+${WARM_KEYS} not counted), built console (${load()})`,
      `  rule typed: ${BASE_RULE}…  (consumer's result: ${shown} providers)`,
      ...keystrokeLines(typed, http, GOAL_MS),
      `  scroll to the middle of the provider list: its rows shown in ${scrollMs.toFixed(0)} ms`,
    ];
  } finally {
    await rig.stop();
  }
}

