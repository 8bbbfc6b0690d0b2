import { describe, expect, it } from "vitest";
import { clientAddressOf, trustedProxyTest } from "@/app/api/_lib/peer-address";

describe("clientAddressOf", () => {
  const trusted = trustedProxyTest(["10.0.0.0/8", "fd00::1"]);

  it("takes the socket's address from a client that is not a trusted proxy, whatever X-Forwarded-For says", () => {
    expect(clientAddressOf("192.0.2.7", "203.0.113.9", trusted)).toBe("192.0.2.7");
    expect(clientAddressOf("::ffff:192.0.2.7", "203.0.113.9", trustedProxyTest([]))).toBe("::ffff:192.0.2.7");
  });

  it("takes the nearest hop that is not a trusted proxy from a trusted one", () => {
    expect(clientAddressOf("10.1.1.1", "198.51.100.1, 203.0.113.9, 10.2.2.2", trusted)).toBe("203.0.113.9");
    expect(clientAddressOf("::ffff:10.1.1.1", "203.0.113.9", trusted)).toBe("203.0.113.9");
    expect(clientAddressOf("fd00::1", "10.3.3.3", trusted)).toBe("10.3.3.3");
    expect(clientAddressOf("10.1.1.1", undefined, trusted)).toBe("10.1.1.1");
    expect(clientAddressOf("10.1.1.1", "not-an-address", trusted)).toBe("10.1.1.1");
  });
});
