import { describe, expect, it } from "vitest";
import { AddressSet } from "@/lib/tag/address-set";
import { matchIpExpression } from "@/lib/tag/ip-expression";

/** TagRouter.checkAddressMatch for one entry, straight from NetUtils: the reference the compiled set must equal. */
function reference(entry: string, host: string, port: number): boolean {
  try {
    return matchIpExpression(entry, host, port) || entry === `0.0.0.0:${port}`;
  } catch {
    return false;
  }
}

const ENTRIES = [
  "10.0.0.1", "10.0.0.1:20880", "10.0.0.1:20881", " 10.0.0.1:20880 ", "10.0.0.1:", "0.0.0.0:20880", "0.0.0.0", "0.0.0.0:20881", " 0.0.0.0:20880",
  "*", "*.*.*.*", "10.0.0.*", "10.0.0.1-3", "10.0.0.1-3:20880", "10.0.0.0/30", "127.0.0.1/32", "127.0.0.1", "127.0.0.1:20880", "[::1]", "[::1]:20880",
  "::1", "0:0:0:0:0:0:0:1", "localhost", "provider-a:20880", "10.0.0", "010.0.0.1", "10.0.0.256", "10.0.0.1-", "/8", "10.0.0.1/x",
];
const HOSTS = ["10.0.0.1", "10.0.0.2", "10.0.0.4", "127.0.0.1", "127.0.0.2", "0.0.0.0", "[::1]", "[0:0:0:0:0:0:0:1]", "provider-a"];

describe("AddressSet", () => {
  it("answers as checkAddressMatch does, entry by entry and for every entry together", () => {
    const all = new AddressSet(ENTRIES);
    for (const host of HOSTS) {
      for (const port of [20880, 20881]) {
        for (const e of ENTRIES) expect(new AddressSet([e]).matches({ host, port }), `${e} vs ${host}:${port}`).toBe(reference(e, host, port));
        expect(all.matches({ host, port })).toBe(ENTRIES.some((e) => reference(e, host, port)));
      }
    }
  });

  it("names what Java would look up by DNS (a four-part name; others fail its pattern check first)", () => {
    const set = new AddressSet(["localhost", "prov.a.b.c", "10.0.0.1"]);
    expect(set.matches({ host: "10.0.0.2", port: 20880 })).toBe(false);
    expect([...set.dns]).toEqual(["prov.a.b.c"]);
  });
});
