import { describe, expect, it } from "vitest";
import { RateLimitedError } from "@/server/errors/auth-errors";
import { FailureWindow, TokenBuckets } from "@/server/auth/rate-limits";

function retryAfter(f: () => void): number | null {
  try {
    f();
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(RateLimitedError);
    return (e as RateLimitedError).retryAfterSeconds;
  }
}

describe("FailureWindow", () => {
  it("refuses after max failures until the oldest leaves the window", () => {
    let now = 0;
    const w = new FailureWindow("failed sign-ins", 3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(retryAfter(() => w.check("k"))).toBeNull();
      w.fail("k");
      now += 1_000;
    }
    expect(retryAfter(() => w.check("k"))).toBe(57);
    expect(retryAfter(() => w.check("other"))).toBeNull();
    now = 60_001;
    expect(retryAfter(() => w.check("k"))).toBeNull();
  });

  it("forgets a key's failures on success", () => {
    const w = new FailureWindow("failed sign-ins", 1, 60_000, () => 0);
    w.fail("k");
    w.succeed("k");
    expect(retryAfter(() => w.check("k"))).toBeNull();
  });
});

describe("TokenBuckets", () => {
  it("allows a burst, then the refill rate, per key", () => {
    let now = 0;
    const b = new TokenBuckets("invocations", 2, 4, () => now);
    for (let i = 0; i < 4; i++) expect(retryAfter(() => b.take("alice"))).toBeNull();
    expect(retryAfter(() => b.take("alice"))).toBe(1);
    expect(retryAfter(() => b.take("bob"))).toBeNull();
    now += 500;
    expect(retryAfter(() => b.take("alice"))).toBeNull();
    expect(retryAfter(() => b.take("alice"))).toBe(1);
  });
});
