import { describe, expect, it } from "vitest";
import { canonicalAddress, canonicalHost } from "@/lib/net/canonical-host";

describe("canonicalHost", () => {
  it.each(["127.0.0.1", "127.0.0.01", "0x7f000001", "0X7F000001", "2130706433", "127.1", "127.0.1", "0x7f.0.0.1", "127.00.0.1"])("reads the IPv4 spelling %s as the OS does: 127.0.0.1", (spelling) => {
    expect(canonicalHost(spelling)).toEqual({ kind: "ipv4", host: "127.0.0.1", value: 0x7f000001 });
  });

  it.each([
    ["127.0.0.010", '"010" reads as 8 in octal and 10 in decimal'],
    ["0177.0.0.1", "\"0177\" reads as 127 in octal and 177 in decimal"],
    ["127.0.0.08", '"08" has a leading zero but is not octal'],
    ["127.0.0.256", 'the part "256" is out of range'],
    ["4294967296", 'the part "4294967296" is out of range'],
    ["0x.0.0.1", "an empty hexadecimal part"],
  ])("refuses the ambiguous or impossible spelling %s", (spelling, why) => {
    const host = canonicalHost(spelling);
    expect(host.kind).toBe("ambiguous");
    expect(host.kind === "ambiguous" && host.reason).toContain(why);
  });

  it("writes IPv6 one way, bracketed or not, and IPv4-mapped addresses as IPv6 (never equal to the IPv4 one)", () => {
    expect(canonicalHost("[0:0:0:0:0:0:0:1]")).toEqual({ kind: "ipv6", host: "::1" });
    expect(canonicalHost("FD00:0::7")).toEqual({ kind: "ipv6", host: "fd00::7" });
    expect(canonicalHost("[::ffff:127.0.0.1]")).toEqual({ kind: "ipv6", host: "::ffff:7f00:1" });
    expect(canonicalHost("[::g]").kind).toBe("ambiguous");
    expect(canonicalAddress({ kind: "ipv6", host: "::1" }, 20880)).toBe("[::1]:20880");
  });

  it("keeps a name a name, lower-cased, never looked up", () => {
    expect(canonicalHost("Localhost")).toEqual({ kind: "name", host: "localhost" });
    expect(canonicalHost("1.2.3.4.5")).toEqual({ kind: "name", host: "1.2.3.4.5" });
    expect(canonicalHost("127.0.0.1.")).toEqual({ kind: "name", host: "127.0.0.1." });
  });
});
