import { describe, expect, it } from "vitest";
import { isSameOriginWrite } from "@/lib/auth/same-origin";

const h = (headers: Record<string, string>) => new Headers(headers);

describe("isSameOriginWrite", () => {
  it.each([
    ["GET", { origin: "http://evil.example", host: "console:3000" }, true, true],
    ["POST", { origin: "http://console:3000", host: "console:3000" }, true, true],
    ["DELETE", { origin: "https://dc.example.com", host: "10.0.0.5:3000", "x-forwarded-host": "dc.example.com" }, true, true],
    ["PUT", { origin: "http://evil.example", host: "console:3000" }, true, false],
    ["POST", { origin: "http://console:3001", host: "console:3000" }, true, false],
    ["POST", { origin: "null", host: "console:3000" }, true, false],
    ["POST", { origin: "not a url", host: "console:3000" }, true, false],
    ["POST", { "sec-fetch-site": "same-origin", host: "console:3000" }, true, true],
    ["POST", { "sec-fetch-site": "cross-site", host: "console:3000" }, true, false],
    ["POST", { "sec-fetch-site": "same-site", host: "console:3000" }, true, false],
    ["POST", { host: "console:3000" }, true, false],
    ["POST", { host: "console:3000" }, false, true],
    ["PATCH", { origin: "http://evil.example", host: "console:3000" }, false, false],
    ["POST", { origin: "http://console:3000" }, true, false],
  ])("%s with %j (strict %s) is same-origin: %s", (method, headers, strict, same) => {
    expect(isSameOriginWrite(method, h(headers), strict)).toBe(same);
  });
});
