import { describe, expect, it } from "vitest";
import { parseDubboUrl } from "@/lib/dubbo/url";
import { ProviderListMemo } from "@/server/governance/preview/override/provider-list-memo";

const providers = ["10.0.0.1", "10.0.0.2", "10.0.0.3"].map((h, i) => parseDubboUrl(`dubbo://${h}:20880/io.x.Svc?interface=io.x.Svc&timeout=${i < 2 ? 1000 : 2000}`));

describe("ProviderListMemo", () => {
  it("keeps an entry made once under a short key, and makes one under a very long key anew each time", () => {
    const memo = ProviderListMemo.of([...providers]);
    let made = 0;
    const make = () => ({ n: ++made });
    expect(memo.entry("short", make)).toBe(memo.entry("short", make));
    expect(made).toBe(1);
    const long = "k".repeat(5_000);
    const first = memo.entry(long, make);
    expect(memo.entry(long, make)).not.toBe(first);
    expect(made).toBe(3);
    expect(memo.filed(long)).toBeUndefined();
  });

  it("puts providers alike in the keys in one class, and those set apart each in their own", () => {
    const memo = ProviderListMemo.of([...providers]);
    expect([...memo.classes(["timeout"]).of]).toEqual([0, 0, 1]);
    expect([...memo.classes(["timeout"], [1]).of]).toEqual([0, 1, 2]);
    const longKeys = Array.from({ length: 400 }, (_, i) => `key-number-${i}`);
    // Past the kept key length: the same answer, made anew.
    const a = memo.classes([...longKeys, "timeout"]);
    expect([...a.of]).toEqual([0, 0, 1]);
    expect(memo.classes([...longKeys, "timeout"])).not.toBe(a);
    expect(memo.classes(["timeout"])).toBe(memo.classes(["timeout"]));
  });
});
