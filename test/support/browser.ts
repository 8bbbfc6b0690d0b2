import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { expect } from "vitest";

/** Debian's Chromium, unless CHROMIUM_PATH names another. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(path)) throw new Error(`no Chromium at ${path}: install Debian's chromium (see .ci/run) or set CHROMIUM_PATH`);
  return path;
}

/** A headless Chromium that makes no connection of its own beyond the pages it is sent to. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

/**
 * Opens `url` in a context of its own (a viewport `width` x `height`, the console's theme
 * stored before the page loads, as its switch stores it), added to `contexts` for the
 * caller to close.
 */
export async function openThemedPage(
  browser: Browser,
  contexts: BrowserContext[],
  url: string,
  { width, height, theme }: { width: number; height: number; theme: "light" | "dark" },
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme: "light" });
  contexts.push(context);
  await context.addInitScript((t) => window.localStorage.setItem("theme", t), theme);
  const page = await context.newPage();
  await gotoSettled(page, url);
  return page;
}

/** Loads `url` in `page` and waits until React has revealed every streamed segment ({@link streamSettled}). */
export async function gotoSettled(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await streamSettled(page);
}

/**
 * Waits until every streamed Suspense segment of the loaded document has been revealed.
 * Since React 19.2 a segment's reveal can be queued for about 300 ms while hydration
 * client-renders the same boundary, so for that window the page holds the content twice
 * (the streamed copy in a hidden `<div id="S:…">`, react/react#37014) and a strict locator
 * sees two matches. Call it after every load or full navigation before reading the page.
 */
export async function streamSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.readyState === "complete" && document.querySelector('div[hidden][id^="S:"]') === null);
}

/** Asserts the page is no wider than its window: nothing scrolls sideways (`what` names the view in the failure). */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, what).toBeLessThanOrEqual(innerWidth);
}

/** The four looks a page is checked in: 1400 and 420 px wide, each in the light and the dark theme (the first is the one most steps run in). */
export const FOUR_LOOKS = [
  { width: 1400, theme: "light" },
  { width: 420, theme: "dark" },
  { width: 420, theme: "light" },
  { width: 1400, theme: "dark" },
] as const;
