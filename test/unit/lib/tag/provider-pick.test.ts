import { describe, expect, it } from "vitest";
import { addressEntryOf, isPicked, providersMatching, togglePick } from "@/lib/tag/provider-pick";

const loop = { host: "127.0.0.2", port: 20880, parameters: { version: "1.0.0", zone: "gray-a" } };
const lan = { host: "10.1.2.3", port: 20881, parameters: { version: "2.0.0", zone: "blue" } };
const any = { host: "0.0.0.0", port: 20882, parameters: {} };

describe("addressEntryOf", () => {
  it("gives a /32 CIDR for loopback and 0.0.0.0 hosts, ip:port otherwise", () => {
    expect(addressEntryOf(loop)).toBe("127.0.0.2/32");
    expect(addressEntryOf(any)).toBe("0.0.0.0/32");
    expect(addressEntryOf(lan)).toBe("10.1.2.3:20881");
  });
});

describe("togglePick / isPicked", () => {
  it("adds the entry once, keeps others in order, and removes it again", () => {
    const picked = togglePick(["*"], loop, true);
    expect(picked).toEqual(["*", "127.0.0.2/32"]);
    expect(togglePick(picked, loop, true)).toEqual(["*", "127.0.0.2/32"]);
    expect(isPicked(picked, loop)).toBe(true);
    expect(isPicked(picked, lan)).toBe(false);
    expect(togglePick(picked, loop, false)).toEqual(["*"]);
  });
  it("does not count a plain ip entry as picking a loopback provider (it never matches in Java)", () => {
    expect(isPicked(["127.0.0.2:20880"], loop)).toBe(false);
  });
});

describe("providersMatching", () => {
  const all = [loop, lan, any];
  it("selects by exact, prefix and regex values, every condition at once", () => {
    expect(providersMatching(all, [{ key: "version", value: { exact: "1.0.0" } }])).toEqual([loop]);
    expect(providersMatching(all, [{ key: "zone", value: { prefix: "gray" } }])).toEqual([loop]);
    expect(providersMatching(all, [{ key: "version", value: { regex: "[12]\\.0\\.0" } }])).toEqual([loop, lan]);
    expect(providersMatching(all, [{ key: "version", value: { regex: "[12]\\.0\\.0" } }, { key: "zone", value: { exact: "blue" } }])).toEqual([lan]);
  });
  it("selects none without conditions or while a key is empty; a missing parameter matches no exact value", () => {
    expect(providersMatching(all, [])).toEqual([]);
    expect(providersMatching(all, [{ key: " ", value: { exact: "1.0.0" } }])).toEqual([]);
    expect(providersMatching([any], [{ key: "version", value: { exact: "" } }])).toEqual([]);
  });
});
