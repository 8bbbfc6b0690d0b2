import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { auditResponseSchema } from "@/lib/api/audit";
import { type Route, routesResponseSchema } from "@/lib/api/routing/routes";
import { routeEditHref } from "@/components/routes/route-hrefs";
import { invokeHref } from "@/lib/format/hrefs";
import { launchBrowser, openThemedPage, gotoSettled, streamSettled } from "../support/browser";
import { type ConsoleHandle, startConsole } from "../support/console-server";
import { DEMO } from "../support/dubbo-peers";
import { randomSecret, type TestRole, type TestUsers, writeUsersFile } from "../support/users-file";
import { waitFor } from "../support/wait-for";

const rig = inject("rig");
const GREETING = DEMO.greeting.interface;
const ROUTES_TAB = `/services/detail?key=${GREETING}&tab=routes`;
/** The Invoke page on one method, where an invoker gets the form. */
const ECHO_USER = invokeHref(DEMO.types, { name: "echoUser", parameterTypes: ["io.dubboconsole.demo.api.User"] });
const PREFIX = `e2e-security-ui-${process.pid}`;
const SCREENSHOTS = process.env.SECURITY_UI_SCREENSHOTS ?? "/tmp";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let dir: string;
let users: TestUsers;
let server: ConsoleHandle;
let browser: Browser;
const envToken = randomSecret(32);
const contexts: BrowserContext[] = [];

/** The console's API with the environment's admin token. */
function api(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, { ...init, headers: { authorization: `Bearer ${envToken}`, "content-type": "application/json", ...init.headers } });
}

async function routeNamed(name: string): Promise<Route | undefined> {
  const { routes } = routesResponseSchema.parse(await (await api(`/api/v1/routes?service=${GREETING}`)).json());
  return routes.find((r) => r.name === name);
}

function routeBody(name: string) {
  return { service: GREETING, group: "", version: "", name, rule: "=> host != 127.0.0.9", priority: 1, force: false, runtime: false, enabled: true, targets: ["registry"] };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "security-ui-"));
  users = await writeUsersFile(dir);
  [server, browser] = await Promise.all([startConsole({ DUBBO_REGISTRY: rig.zkAddress, ...users.env, CONSOLE_API_TOKEN: envToken }), launchBrowser()]);
  await waitFor("the console's registries to sync", async () => {
    const body = (await (await api("/api/v1/registry")).json()) as { registries: { syncedAt: number | null }[] };
    return body.registries.every((r) => r.syncedAt !== null);
  });
  const created = await api("/api/v1/routes", { method: "POST", body: JSON.stringify(routeBody(`${PREFIX}-seen`)) });
  expect(created.status).toBe(201);
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  if (server) {
    const { routes } = routesResponseSchema.parse(await (await api(`/api/v1/routes?service=${GREETING}`)).json());
    for (const r of routes.filter((x) => x.name.startsWith(PREFIX))) await api(`/api/v1/routes/${encodeURIComponent(r.id)}?revision=${r.revision}`, { method: "DELETE" });
  }
  await browser?.close();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type View = { width?: number; height?: number; theme?: "light" | "dark" };

function open(url: string, { width = DESKTOP.width, height = DESKTOP.height, theme = "light" }: View = {}): Promise<Page> {
  return openThemedPage(browser, contexts, url, { width, height, theme });
}

/** Opens `path` signed out (the server sends it to sign-in), signs in as `role` through the form, and lands back on `path`. */
async function signedIn(role: TestRole, path: string, view: View = {}): Promise<Page> {
  const page = await open(`${server.url}${path}`, view);
  await page.waitForURL((url) => url.pathname === "/sign-in");
  expect(new URL(page.url()).searchParams.get("next")).toBe(path);
  await page.getByLabel("User name").fill(role);
  await page.getByLabel("Password", { exact: true }).fill(users.passwords[role]);
  await page.getByTestId("sign-in-submit").click();
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  await streamSettled(page);
  return page;
}

async function cookieHeader(page: Page): Promise<string> {
  return (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
}

describe("sign-in page", () => {
  it("refuses wrong credentials with a plain message and stays on the page", async () => {
    const page = await open(`${server.url}/routes`);
    await page.waitForURL((url) => url.pathname === "/sign-in");
    await page.getByLabel("User name").fill("operator");
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByTestId("sign-in-submit").click();
    await expect.poll(() => page.getByTestId("sign-in-error").textContent()).toBe("Wrong user name or password.");
    expect(new URL(page.url()).pathname).toBe("/sign-in");
    await page.screenshot({ path: `${SCREENSHOTS}/security-sign-in-error.png` });
  });

  it("says how long to wait once sign-in is rate limited, and keeps the button off meanwhile", async () => {
    // A name of nobody's: the limit counts failures per address and name, so the other tests' users are not limited.
    const name = `nobody-${process.pid}`;
    await waitFor("sign-in to be rate limited", async () => {
      const res = await fetch(`${server.url}/api/v1/session`, { method: "POST", headers: { origin: server.url, "content-type": "application/json" }, body: JSON.stringify({ name, password: "wrong" }) });
      return res.status === 429;
    });
    const page = await open(`${server.url}/sign-in`);
    await page.getByLabel("User name").fill(name);
    await page.getByLabel("Password", { exact: true }).fill("wrong");
    await page.getByTestId("sign-in-submit").click();
    await expect.poll(() => page.getByTestId("sign-in-error").textContent()).toMatch(/^Too many sign-in attempts\. Try again in \d+ s\.$/);
    expect(await page.getByTestId("sign-in-submit").isDisabled()).toBe(true);
  });

  it("never sends anywhere but this console after signing in, whatever next says", async () => {
    const page = await open(`${server.url}/sign-in?next=${encodeURIComponent("//evil.example/x")}`);
    await page.getByLabel("User name").fill("viewer");
    await page.getByLabel("Password", { exact: true }).fill(users.passwords.viewer);
    await page.getByTestId("sign-in-submit").click();
    await page.waitForURL((url) => url.pathname === "/services");
    expect(new URL(page.url()).origin).toBe(server.url);
  });

  it("looks right at desktop and phone widths, light and dark", async () => {
    for (const [label, view] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
      for (const theme of ["light", "dark"] as const) {
        const page = await open(`${server.url}/sign-in?next=%2Froutes`, { ...view, theme });
        await page.getByTestId("sign-in-form").waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await page.screenshot({ path: `${SCREENSHOTS}/security-sign-in-${label}-${theme}.png` });
      }
    }
  });
});

describe("roles in the UI", () => {
  it("shows a viewer no route or invoke controls, and the server refuses the viewer's forged writes", async () => {
    const page = await signedIn("viewer", ROUTES_TAB);
    await page.getByTestId("routes-read-only").waitFor();
    const row = page.locator(`[data-route="${PREFIX}-seen"]`);
    await row.waitFor();
    expect(await page.getByRole("button", { name: "New route" }).count()).toBe(0);
    for (const name of ["Edit", "Disable", "Enable", "Delete", "Copy to config center"]) expect(await row.getByRole("button", { name }).or(row.getByRole("link", { name })).count(), name).toBe(0);
    expect(await row.getByTestId("route-history-link").count()).toBe(1);
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Invoke" }).count()).toBe(0);
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }).count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}/security-viewer-routes.png`, fullPage: true });

    await gotoSettled(page, `${server.url}${ECHO_USER}`);
    await page.getByTestId("cannot-invoke").waitFor();
    expect(await page.getByTestId("invoke-send").count()).toBe(0);

    const forged = await page.evaluate(async (body) => (await fetch("/api/v1/routes", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).status, routeBody(`${PREFIX}-forged`));
    expect(forged).toBe(403);
    const crossOrigin = await fetch(`${server.url}/api/v1/routes`, { method: "POST", headers: { cookie: await cookieHeader(page), origin: "http://evil.example", "content-type": "application/json" }, body: JSON.stringify(routeBody(`${PREFIX}-cross`)) });
    expect(crossOrigin.status).toBe(403);
    expect(await routeNamed(`${PREFIX}-forged`)).toBeUndefined();
    expect(await routeNamed(`${PREFIX}-cross`)).toBeUndefined();
  });

  it("refuses an admin's cookie on a cross-origin write: only same-origin pages may write with a session", async () => {
    const page = await signedIn("admin", "/routes");
    const res = await fetch(`${server.url}/api/v1/routes`, { method: "POST", headers: { cookie: await cookieHeader(page), origin: "http://evil.example", "content-type": "application/json" }, body: JSON.stringify(routeBody(`${PREFIX}-csrf`)) });
    expect(res.status).toBe(403);
    expect(await routeNamed(`${PREFIX}-csrf`)).toBeUndefined();
  });

  it("gives an operator the route controls but not the invoke form", async () => {
    const page = await signedIn("operator", ROUTES_TAB);
    const row = page.locator(`[data-route="${PREFIX}-seen"]`);
    await row.getByRole("link", { name: "Edit" }).waitFor();
    expect(await page.getByRole("button", { name: "New route" }).count()).toBe(1);
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Invoke" }).count()).toBe(0);
    await gotoSettled(page, `${server.url}${ECHO_USER}`);
    await page.getByTestId("cannot-invoke").waitFor();
    expect(await page.getByTestId("invoke-send").count()).toBe(0);
  });

  it("gives an invoker and an admin the invoke form and its nav entry", async () => {
    for (const role of ["invoker", "admin"] as const) {
      const page = await signedIn(role, ECHO_USER);
      await page.getByTestId("invoke-send").waitFor();
      expect(await page.getByTestId("cannot-invoke").count()).toBe(0);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Invoke" }).waitFor();
    }
  });

  it("names the user and role in the header, and signs out", async () => {
    const page = await signedIn("admin", "/services");
    await page.getByTestId("user-menu").click();
    expect(await page.getByTestId("user-name").textContent()).toBe("admin");
    expect(await page.getByTestId("user-role").textContent()).toBe("admin");
    await page.screenshot({ path: `${SCREENSHOTS}/security-user-menu.png` });
    await page.getByTestId("sign-out").click();
    await page.waitForURL((url) => url.pathname === "/sign-in");
    await gotoSettled(page, `${server.url}/routes`);
    await page.waitForURL((url) => url.pathname === "/sign-in" && url.searchParams.get("next") === "/routes");
  });

  it("goes to sign-in, keeping the page, when the session ends while a page is open", async () => {
    const page = await signedIn("viewer", "/audit");
    await page.getByTestId("audit-view").waitFor();
    await page.context().clearCookies();
    // Filtering asks the API again, which answers 401 now; any other call of the page (the registry
    // indicator, the change stream) may meet its 401 first and leave before the field is filled.
    await Promise.all([page.waitForURL((url) => url.pathname === "/sign-in"), page.getByTestId("audit-filter-user").fill("someone", { timeout: 5_000 }).catch(() => undefined)]);
    expect(new URL(page.url()).searchParams.get("next")).toMatch(/^\/audit/);
  });
});

describe("audit page and route history", () => {
  it("shows a route change made through the UI, with its diff, and rolls it back from the route's history", async () => {
    const name = `${PREFIX}-audited`;
    expect((await api("/api/v1/routes", { method: "POST", body: JSON.stringify(routeBody(name)) })).status).toBe(201);
    const page = await signedIn("operator", ROUTES_TAB);
    const row = page.locator(`[data-route="${name}"]`);
    await row.getByRole("button", { name: "Disable" }).click();
    // Disabling asks first (issue 15 item 8).
    await page.getByTestId("toggle-route-dialog-confirm").click();
    await row.getByText("disabled", { exact: true }).waitFor();

    await gotoSettled(page, `${server.url}/audit`);
    const entry = page.locator('[data-audit-kind="route.disable"]').filter({ hasText: name }).first();
    await entry.waitFor();
    expect(await entry.locator("[data-audit-user]").textContent()).toBe("operator");
    await entry.getByTestId("audit-expand").click();
    const detail = page.locator(`[data-audit-detail="${await entry.getAttribute("data-audit-id")}"]`);
    const enabled = detail.locator('[data-field="enabled"]');
    expect(await enabled.locator("[data-before]").textContent()).toBe("true");
    expect(await enabled.locator("[data-after]").textContent()).toBe("false");
    for (const [label, view] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
      for (const theme of ["light", "dark"] as const) {
        const shot = await open(`${server.url}/audit`, { ...view, theme });
        await shot.context().addCookies(await page.context().cookies());
        await shot.goto(`${server.url}/audit`);
        await shot.locator("[data-audit-id]").first().waitFor();
        await shot.getByTestId("audit-expand").first().click();
        expect(await shot.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${label} ${theme}`).toBe(true);
        await shot.screenshot({ path: `${SCREENSHOTS}/security-audit-${label}-${theme}.png`, fullPage: label === "phone" });
      }
    }

    const disabled = await routeNamed(name);
    expect(disabled?.enabled).toBe(false);
    await gotoSettled(page, `${server.url}${routeEditHref(disabled!)}`);
    const history = page.getByTestId("route-history");
    const change = history.locator('[data-audit-kind="route.disable"]').first();
    await change.waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/security-route-history.png`, fullPage: true });
    await change.getByRole("button", { name: "Roll back to before this change" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Roll back" }).click();
    await waitFor("the route to be enabled again", async () => (await routeNamed(name))?.enabled === true);
    await history.locator('[data-audit-kind="route.rollback"]').first().waitFor();
    const trail = auditResponseSchema.parse(await (await api(`/api/v1/audit?kind=route.rollback&user=operator`)).json());
    expect(trail.entries.some((e) => e.route?.name === name)).toBe(true);
  });
});

describe("authentication off", () => {
  it("shows the warning banner on every page, and no sign-in", async () => {
    const open2 = await startConsole({ DUBBO_REGISTRY: rig.zkAddress, CONSOLE_AUTH: "off" });
    try {
      for (const path of ["/services", "/routes", "/audit"]) {
        const page = await open(`${open2.url}${path}`);
        const banner = page.getByTestId("auth-off-banner");
        await banner.waitFor();
        expect(await banner.textContent()).toContain("Authentication is off (CONSOLE_AUTH=off): anyone who can reach this console can change routes and invoke methods");
        expect(new URL(page.url()).pathname).toBe(path);
        expect(await page.getByTestId("user-menu").count()).toBe(0);
      }
      const phone = await open(`${open2.url}/routes`, { ...PHONE, theme: "dark" });
      await phone.getByTestId("auth-off-banner").waitFor();
      await phone.screenshot({ path: `${SCREENSHOTS}/security-auth-off-phone-dark.png` });
    } finally {
      await open2.stop();
    }
  });
});
