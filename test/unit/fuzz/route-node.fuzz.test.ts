import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { parseRouteNode, type RouteSpec, routeNodeName, rewrittenNodeName } from "@/lib/dubbo/rules/route-url";
import { javaUrlEncode } from "@/lib/dubbo/url";
import { delimitedText, FUZZ_TIMEOUT_MS, fuzzParameters, valueOrTypedError } from "../../support/fuzz";

vi.setConfig({ testTimeout: FUZZ_TIMEOUT_MS });

/**
 * Property-based fuzzing of the routers-category node reader (lib/dubbo/rules/route-url.ts):
 * whatever child name a `routers` directory holds, a reading or a url_syntax error; and
 * every route the console can write reads back as written.
 */

const param = fc.tuple(
  fc.constantFrom("rule", "priority", "force", "enabled", "runtime", "name", "group", "version", "router", "category", "interface", "compatible_config", "targets", "x"),
  fc.oneof(fc.constantFrom("", "true", "TRUE", "false", "condition", "routers", "2147483648", "-1", "1.5", "%zz", "host%2B%3D%2B1", "*", "config-center"), fc.string({ maxLength: 8 })),
);
const decodedRoute = fc
  .tuple(fc.constantFrom("route", "condition", "override", "dubbo", ""), fc.constantFrom("0.0.0.0", "", "1.2.3.4:20880"), fc.constantFrom("com.foo.BarService", "*", ""), fc.array(param, { maxLength: 8 }))
  .map(([protocol, host, path, ps]) => `${protocol}://${host}/${path}?${ps.map(([k, v]) => `${k}=${v}`).join("&")}`);
const nodeName = fc.oneof(decodedRoute.map(javaUrlEncode), decodedRoute, delimitedText(), fc.string({ maxLength: 60 }), fc.string({ unit: "binary", maxLength: 40 }));

const spec: fc.Arbitrary<RouteSpec> = fc.record({
  service: fc.stringMatching(/^[A-Za-z_$][\w$]{0,6}(\.[A-Za-z_$][\w$]{0,6}){0,3}$/),
  group: fc.stringMatching(/^[\w.-]{0,6}$/),
  version: fc.stringMatching(/^[\w.-]{0,6}$/),
  name: fc.stringMatching(/^[\p{L}\p{N}_.:@-]{1,10}$/u),
  // The API refuses a blank rule, as Dubbo does.
  rule: fc.oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }), delimitedText(8)).filter((r) => /[^\u0000-\u0020]/.test(r)),
  priority: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  force: fc.boolean(),
  runtime: fc.boolean(),
  enabled: fc.boolean(),
  configCenter: fc.boolean(),
});

describe("routers-category node names under fuzzing", () => {
  it("reads any child name as a route reading or a url_syntax error, with a reason exactly when not loaded", () => {
    fc.assert(
      fc.property(nodeName, fc.constantFrom("com.foo.BarService", "*", ""), (node, dir) => {
        const read = valueOrTypedError(() => parseRouteNode(node, dir), ["url_syntax"]);
        if (read === undefined) return;
        expect(read.loaded).toBe(read.reason === null);
        expect(Number.isInteger(read.spec.priority)).toBe(true);
      }),
      fuzzParameters(2_000),
    );
  });

  it("reads every route the console writes back as written, by the console, and rewrites it to the same name", () => {
    fc.assert(
      fc.property(spec, (s) => {
        // A lone surrogate cannot survive URL encoding (Java writes '?'); the API refuses such a rule.
        fc.pre(javaUrlEncode(s.rule) === encodeURIComponentOrNull(s.rule));
        const node = routeNodeName(s);
        const read = parseRouteNode(node, s.service);
        expect(read.spec).toEqual(s);
        expect(read.writer).toBe("console");
        expect(rewrittenNodeName(read.url, s)).toBe(node);
      }),
      fuzzParameters(1_000),
    );
  });
});

/** javaUrlEncode's text when it is well-formed Unicode; null when encodeURIComponent refuses it. */
function encodeURIComponentOrNull(s: string): string | null {
  try {
    encodeURIComponent(s);
    return javaUrlEncode(s);
  } catch {
    return null;
  }
}
