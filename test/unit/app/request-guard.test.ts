import { describe, expect, it } from "vitest";
import { refuseUnroutable } from "@/app/api/_lib/request-guard";

const at = (method: string, path: string) => new Request(`http://console${path}`, { method });

describe("refuseUnroutable", () => {
  it.each([
    ["GET", "/api/v1/services"],
    ["PATCH", "/api/v1/nope"],
    ["GET", "/api/v1/services/demo%2Fio.dubboconsole.demo.api.TypesService%3A1.0.0"],
    ["GET", "/api/v1/services?q=%zz"],
  ])("lets %s %s through to the routes", (method, path) => {
    expect(refuseUnroutable(at(method, path))).toBeUndefined();
  });

  it.each(["PROPFIND", "MKCOL", "PURGE", "LINK"])("answers %s with 501 method_not_implemented", async (method) => {
    const res = refuseUnroutable(at(method, "/api/v1/services"));
    expect([res?.status, res?.headers.get("content-type")]).toEqual([501, "application/json"]);
    expect(await res?.json()).toEqual({
      error: {
        code: "method_not_implemented",
        message: `the console does not implement the ${method} method; use GET, HEAD, OPTIONS, POST, PUT, DELETE or PATCH`,
      },
    });
  });

  it.each(["/api/v1/%zz", "/api/%E0%A4%A", "/api/v1/services%"])("answers the malformed path %s with 400 validation_failed", async (path) => {
    const res = refuseUnroutable(at("GET", path));
    const message = `the path is not valid percent-encoding: ${path}`;
    expect(res?.status).toBe(400);
    expect(await res?.json()).toEqual({ error: { code: "validation_failed", message, issues: [{ path: "(path)", message }] } });
  });
});
