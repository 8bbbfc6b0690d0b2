import { describe, expect, it } from "vitest";
import { canonicalHost } from "@/lib/net/canonical-host";
import { allowingEntry, parseDirectUrlAllowlist } from "@/lib/net/direct-url-allowlist";

const allows = (list: string, host: string, port: number) => {
  const h = canonicalHost(host);
  if (h.kind === "ambiguous") throw new Error(h.reason);
  return allowingEntry(parseDirectUrlAllowlist(list), h, port)?.text;
};

describe("CONSOLE_DIRECT_URLS", () => {
  it("allows an address at a port or in a port range, in any spelling of the address, and nothing else", () => {
    const list = "10.0.3.7:20880, 0x0a000308:20880-20889 [fd00::7]:20880";
    expect(allows(list, "10.0.3.7", 20880)).toBe("10.0.3.7:20880");
    expect(allows(list, "167772935", 20880)).toBe("10.0.3.7:20880");
    expect(allows(list, "10.0.3.7", 20881)).toBeUndefined();
    expect(allows(list, "10.0.3.8", 20889)).toBe("0x0a000308:20880-20889");
    expect(allows(list, "10.0.3.8", 20890)).toBeUndefined();
    expect(allows(list, "[FD00:0:0::7]", 20880)).toBe("[fd00::7]:20880");
  });

  it("allows a network by prefix, and a name only as written (no lookups)", () => {
    const list = "10.1.0.0/16:20880-20999,orders.internal:20880";
    expect(allows(list, "10.1.200.3", 20900)).toBe("10.1.0.0/16:20880-20999");
    expect(allows(list, "10.2.0.1", 20900)).toBeUndefined();
    expect(allows(list, "ORDERS.internal", 20880)).toBe("orders.internal:20880");
    expect(allows(list, "orders.internal.", 20880)).toBeUndefined();
    expect(allows("0.0.0.0/0:1-65535", "8.8.8.8", 53)).toBe("0.0.0.0/0:1-65535");
    expect(parseDirectUrlAllowlist("  ")).toEqual([]);
  });

  it.each([
    ["10.0.3.7", "an entry is HOST:PORT"],
    ["10.0.3.7:0", "ports must be 1-65535"],
    ["10.0.3.7:20890-20880", "ports must be 1-65535, the range low to high"],
    ["10.0.3.010:20880", "reads as 8 in octal and 10 in decimal"],
    ["10.0.0.0/33:1", "a prefix of 0-32"],
    ["name/8:1", "a network is an IPv4 address"],
  ])("refuses %s naming the entry", (entry, why) => {
    expect(() => parseDirectUrlAllowlist(entry)).toThrow(why);
  });
});
