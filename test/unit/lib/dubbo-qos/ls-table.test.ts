import { describe, expect, it } from "vitest";
import { LsFormatError, parseLs } from "@/lib/dubbo/qos/ls-table";

// Printed by the real peers (2.7.23 and 3.3.6 ProviderMain with --qos-port), copied from their answers.
const LS_27 = "As Provider side:\n+-----------------------------------------------+---+\n|             Provider Service Name             |PUB|\n+-----------------------------------------------+---+\n|io.dubboconsole.demo.api.GreetingService:99.0.0| Y |\n+-----------------------------------------------+---+\nAs Consumer side:\n+---------------------+---+\n|Consumer Service Name|NUM|\n+---------------------+---+\n";
const LS_33 = "As Provider side:\n+-----------------------------------------------+--------------+\n|             Provider Service Name             |      PUB     |\n+-----------------------------------------------+--------------+\n|io.dubboconsole.demo.api.GreetingService:99.0.0|zookeeper-I(Y)|\n+-----------------------------------------------+--------------+\nAs Consumer side:\n+---------------------+---+\n|Consumer Service Name|NUM|\n+---------------------+---+\n";

describe("parseLs", () => {
  it("reads 2.7.23's Y and 3.3's per-registry marks", () => {
    expect(parseLs(LS_27)).toEqual({ provides: [{ service: "io.dubboconsole.demo.api.GreetingService:99.0.0", published: true, raw: "Y" }], refers: [] });
    expect(parseLs(LS_33).provides).toEqual([{ service: "io.dubboconsole.demo.api.GreetingService:99.0.0", published: true, raw: "zookeeper-I(Y)" }]);
  });

  it("reads an unpublished service and consumer counts, summed over registries", () => {
    const text = "As Provider side:\n|Provider Service Name|PUB|\n|a.B| N |\n|c.D|zk-A(Y)/zk-B(N)|\nAs Consumer side:\n|Consumer Service Name|NUM|\n|e.F| 3 |\n|g.H|zk-A(2)/zk-B(1)|\n|i.J| ? |\n";
    expect(parseLs(text)).toEqual({
      provides: [
        { service: "a.B", published: false, raw: "N" },
        { service: "c.D", published: false, raw: "zk-A(Y)/zk-B(N)" },
      ],
      refers: [
        { service: "e.F", addresses: 3, raw: "3" },
        { service: "g.H", addresses: 3, raw: "zk-A(2)/zk-B(1)" },
        { service: "i.J", addresses: null, raw: "?" },
      ],
    });
  });

  it("refuses what is not ls output", () => {
    expect(() => parseLs("Foreign Ip Not Permitted, Consider Config It In Whitelist.")).toThrow(LsFormatError);
    expect(() => parseLs("As Consumer side:\nAs Provider side:\n")).toThrow(LsFormatError);
  });
});
