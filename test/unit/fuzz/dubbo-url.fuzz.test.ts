import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { dubboUrlParameter, javaUrlDecode, javaUrlEncode, parseDubboUrl, parseDubboUrlParameters, parseEncodedDubboUrl, UrlSyntaxError } from "@/lib/dubbo/url";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { javaFullString } from "@/lib/dubbo/url-string";
import { parseJavaUrl } from "@/lib/routing/url/route-url";
import { parseProviders } from "@/lib/routing/evaluate/routing-context";
import { delimitedText, FUZZ_TIMEOUT_MS, fuzzParameters, valueOrTypedError } from "../../support/fuzz";

vi.setConfig({ testTimeout: FUZZ_TIMEOUT_MS });

/** Property-based fuzzing of the Dubbo URL parser (lib/dubbo/url.ts) and the routing engine's Java URL reader. */

const dialect = fc.constantFrom<DubboRelease>("2.7", "3.x");
const anyText = fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: "binary", maxLength: 80 }), delimitedText());

/** A near-valid URL: `protocol://user:pass@host:port/path?k=v&…`, each part sometimes odd. */
const nearValidUrl = fc
  .record({
    protocol: fc.oneof(fc.constantFrom("dubbo", "tri", "consumer", "route", "condition", "override", ""), fc.string({ maxLength: 6 })),
    sep: fc.constantFrom("://", ":/", ":", "", ":///"),
    user: fc.option(fc.record({ name: fc.string({ maxLength: 5 }), pass: fc.option(fc.string({ maxLength: 5 })) })),
    host: fc.oneof(fc.ipV4(), fc.domain(), fc.constantFrom("", "[::1]", "0.0.0.0", "h%41st"), fc.string({ maxLength: 8 })),
    port: fc.option(fc.oneof(fc.integer({ min: 0, max: 65_535 }).map(String), fc.bigInt().map(String), fc.constantFrom("", "-1", "+5", "99999999999999999999", "1e3", "0x10", "٣")), { nil: undefined }),
    path: fc.oneof(fc.constantFrom("", "com.foo.BarService", "a/b/c", "%2F"), fc.string({ maxLength: 10 })),
    params: fc.array(fc.tuple(fc.oneof(fc.constantFrom("side", "default.side", "application", "rule", "__proto__", "constructor", "", "default."), fc.string({ maxLength: 5 })), fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("", "consumer", "provider", "%zz", "a=b"))), { maxLength: 6 }),
    joiner: fc.constantFrom("&", ";", "&&", "=&"),
  })
  .map(({ protocol, sep, user, host, port, path, params, joiner }) => {
    const auth = user ? `${user.name}${user.pass === null ? "" : `:${user.pass}`}@` : "";
    const query = params.length > 0 ? `?${params.map(([k, v]) => `${k}=${v}`).join(joiner)}` : "";
    return `${protocol}${sep}${auth}${host}${port === undefined ? "" : `:${port}`}/${path}${query}`;
  });

const input = fc.oneof(anyText, nearValidUrl);

describe("parseDubboUrl under fuzzing", () => {
  it("gives a URL or a url_syntax error for any text, in either dialect", () => {
    fc.assert(
      fc.property(input, dialect, (text, d) => {
        const url = valueOrTypedError(() => parseDubboUrl(text, d), ["url_syntax"]);
        if (url === undefined) return;
        expect(Number.isSafeInteger(url.port)).toBe(true);
        for (const value of Object.values(url.parameters)) expect(typeof value).toBe("string");
      }),
      fuzzParameters(2_000),
    );
  });

  it("reads every parameter alone exactly as it reads the whole query", () => {
    fc.assert(
      fc.property(input, dialect, (text, d) => {
        const all = parseDubboUrlParameters(text, d);
        for (const name of Object.keys(all)) expect(dubboUrlParameter(text, name, d)).toBe(all[name]);
      }),
      fuzzParameters(1_000),
    );
  });

  it("never lets a parameter name reach the prototype of the parameters object", () => {
    fc.assert(
      fc.property(nearValidUrl, dialect, (text, d) => {
        const url = valueOrTypedError(() => parseDubboUrl(text, d), ["url_syntax"]);
        if (url) expect(Object.getPrototypeOf(url.parameters)).toBe(Object.prototype);
      }),
      fuzzParameters(1_000),
    );
  });

  it("is stable through its own string form: parse(javaFullString(parse(x))) gives the same URL", () => {
    // Only URLs whose parts hold none of the separators can round-trip; those are what Dubbo writes.
    const plain = fc.stringMatching(/^[A-Za-z0-9._-]{1,8}$/);
    const url = fc.record({
      protocol: plain,
      host: fc.oneof(fc.ipV4(), plain),
      port: fc.integer({ min: 0, max: 65_535 }),
      path: fc.oneof(fc.constant(""), plain),
      parameters: fc.dictionary(plain, plain, { maxKeys: 5 }),
    });
    fc.assert(
      fc.property(url, dialect, (u, d) => {
        const first = parseDubboUrl(javaFullString({ ...u, username: "", password: "" }), d);
        const again = parseDubboUrl(javaFullString(first), d);
        expect(again).toEqual(first);
        expect(first).toEqual({ ...u, username: "", password: "", parameters: expect.objectContaining(u.parameters) as unknown });
      }),
      fuzzParameters(500),
    );
  });
});

describe("ZooKeeper child names under fuzzing", () => {
  it("parseEncodedDubboUrl gives a URL or a url_syntax error for any name", () => {
    const encoded = fc.oneof(anyText, nearValidUrl.map(javaUrlEncode), nearValidUrl.map((u) => javaUrlEncode(u).replace(/%2/g, "%")));
    fc.assert(
      fc.property(encoded, dialect, (name, d) => {
        valueOrTypedError(() => parseEncodedDubboUrl(name, d), ["url_syntax"]);
      }),
      fuzzParameters(1_500),
    );
  });

  it("javaUrlDecode gives text or a url_syntax error, and undoes javaUrlEncode of well-formed text", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        valueOrTypedError(() => javaUrlDecode(text), ["url_syntax"]);
      }),
      fuzzParameters(1_500),
    );
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (text) => {
        expect(javaUrlDecode(javaUrlEncode(text))).toBe(text);
      }),
      fuzzParameters(1_000),
    );
  });
});

describe("the routing engine's Java URL reader under fuzzing", () => {
  it("parseJavaUrl gives a URL or a url_syntax error, as a consumer of either release would", () => {
    fc.assert(
      fc.property(input, dialect, (text, d) => {
        const url = valueOrTypedError(() => parseJavaUrl(text, d), ["url_syntax"]);
        if (url) expect(typeof url.parameters()).toBe("object");
      }),
      fuzzParameters(1_500),
    );
  });
});

describe("crashes fuzzing found (regressions)", () => {
  it("encodes a lone surrogate as %3F, as Java's URLEncoder does (String.getBytes(UTF_8) writes '?'), instead of throwing a URIError", () => {
    expect(javaUrlEncode("a\ud800b")).toBe("a%3Fb");
    expect(javaUrlEncode("\udc00")).toBe("%3F");
    expect(javaUrlEncode("\ud83d\ude00")).toBe("%F0%9F%98%80");
  });

  it("refuses with a url_syntax error, as Java does, a 2.7 provider URL whose valueless parameter is a lone surrogate (seed 20261130 found it as a URIError)", () => {
    // Java encodes the name to %3F, then cuts it two characters short: "%", an unterminated escape.
    expect(() => parseProviders(["?\ud800"], "2.7")).toThrow(UrlSyntaxError);
    expect(parseProviders(["?\ud800xy"], "2.7")[0]?.parsed.param("?")).toBe("?");
  });
});
