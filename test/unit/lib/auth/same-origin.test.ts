import { describe, expect, it } from "vitest";
import { isSameOriginWrite } from "@/lib/auth/same-origin";

const h = (headers: Record<string, string>) => new Headers(headers);

describe("isSameOriginWrite", () => {
  it.each([
    ["GET", { origin: "http://evil.example", host: "console:3000" }, true, "http", true],
    ["POST", { origin: "http://console:3000", host: "console:3000" }, true, "http", true],
    ["DELETE", { origin: "https://dc.example.com", host: "10.0.0.5:3000", "x-forwarded-host": "dc.example.com" }, true, "https", true],
    ["PUT", { origin: "http://evil.example", host: "console:3000" }, true, "http", false],
    ["POST", { origin: "http://console:3001", host: "console:3000" }, true, "http", false],
    ["POST", { origin: "null", host: "console:3000" }, true, "http", false],
    ["POST", { origin: "not a url", host: "console:3000" }, true, "http", false],
    ["POST", { "sec-fetch-site": "same-origin", host: "console:3000" }, true, "http", true],
    ["POST", { "sec-fetch-site": "cross-site", host: "console:3000" }, true, "http", false],
    ["POST", { "sec-fetch-site": "same-site", host: "console:3000" }, true, "http", false],
    ["POST", { host: "console:3000" }, true, "http", false],
    ["POST", { host: "console:3000" }, false, "http", true],
    ["PATCH", { origin: "http://evil.example", host: "console:3000" }, false, "http", false],
    ["POST", { origin: "http://console:3000" }, true, "http", false],
    // The scheme counts: an http page is not the origin of an https console, nor the reverse.
    ["POST", { origin: "http://console:3000", host: "console:3000" }, true, "https", false],
    ["POST", { origin: "https://console:3000", host: "console:3000" }, true, "http", false],
    ["POST", { origin: "https://console:3000", host: "console:3000" }, true, "https", true],
  ] as const)("%s with %j (strict %s, reached over %s) is same-origin: %s", (method, headers, strict, scheme, same) => {
    expect(isSameOriginWrite(method, h(headers), strict, scheme)).toBe(same);
  });
});
