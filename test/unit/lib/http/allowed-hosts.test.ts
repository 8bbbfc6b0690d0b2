import { describe, expect, it } from "vitest";
import { hostnameOf, isAllowedHost, LOOPBACK_ONLY, parseAllowedHosts } from "@/lib/http/allowed-hosts";

function parsed(raw: string) {
  const a = parseAllowedHosts(raw);
  if ("error" in a) throw new Error(a.error);
  return a;
}

describe("isAllowedHost", () => {
  it.each(["localhost:3000", "LOCALHOST", "app.localhost:80", "127.0.0.1:3000", "127.10.20.30", "[::1]:3000", "[::ffff:127.0.0.1]:3000"])("allows the loopback name %s by default", (host) => {
    expect(isAllowedHost(host, LOOPBACK_ONLY)).toBe(true);
  });

  it.each(["attacker.example:3000", "10.0.0.5:3000", "127.0.0.1.attacker.example", "localhost.attacker.example", "128.0.0.1", "", "a b", "[::2]:3000", "127.0.0.256"])("refuses %j by default", (host) => {
    expect(isAllowedHost(host, LOOPBACK_ONLY)).toBe(false);
  });

  it("allows the configured names, suffixes and addresses, on any port, and nothing near them", () => {
    const allowed = parsed("console.example.com, .corp.example, *.svc.cluster.local, 10.0.0.5, fd00::1");
    for (const host of ["console.example.com:443", "CONSOLE.example.com.", "corp.example", "a.b.corp.example:3000", "dubbo-console.ns.svc.cluster.local", "10.0.0.5:3000", "[fd00::1]:3000", "localhost:3000"]) {
      expect(isAllowedHost(host, allowed), host).toBe(true);
    }
    for (const host of ["console.example.com.attacker.example", "evilcorp.example", "10.0.0.6", "example.com"]) expect(isAllowedHost(host, allowed), host).toBe(false);
  });

  it("allows any host with *", () => {
    expect(isAllowedHost("attacker.example:1", parsed("*"))).toBe(true);
  });
});

describe("parseAllowedHosts", () => {
  it.each(["console:3000", "http://console", "a/b", "*.", "exa mple"])("refuses the entry %j", (entry) => {
    expect(parseAllowedHosts(entry)).toEqual({ error: expect.stringContaining(JSON.stringify(entry.toLowerCase())) });
  });

  it("reads an empty value as the loopback names only", () => {
    expect(parseAllowedHosts("")).toEqual({ type: "list", exact: new Set(), suffixes: [] });
  });
});

describe("hostnameOf", () => {
  it("takes the name out of a Host value", () => {
    expect([hostnameOf("Console:3000"), hostnameOf("[::1]:80"), hostnameOf("x."), hostnameOf("a:b:c")]).toEqual(["console", "::1", "x", null]);
  });
});
