import { describe, expect, it } from "vitest";
import { consumerLabel, whoObeys } from "@/lib/dubbo/rules/who-obeys";

const c = (application: string, host: string, parameters: Record<string, string>) => ({ application, host, parameters });

describe("whoObeys", () => {
  it("says a 2.7.23 consumer follows both copies and a 3.3.6 one only the config center", () => {
    const lines = whoObeys([c("demo-consumer-33", "127.0.0.1", { release: "3.3.6" }), c("demo-consumer-27", "127.0.0.1", { release: "2.7.23" })]);
    expect(lines.map((l) => [consumerLabel(l), l.summary])).toEqual([
      ["demo-consumer-27 (Dubbo 2.7.23)", "registry routes and config-center rules"],
      ["demo-consumer-33 (Dubbo 3.3.6)", "config-center rules only — registry routes are ignored"],
    ]);
    expect(lines.map((l) => l.obeyed.copies)).toEqual([["registry", "config-center"], ["config-center"]]);
  });

  it("judges an old consumer by `dubbo` unless it holds the protocol version 2.0.x, and says when no release is stated", () => {
    const lines = whoObeys([c("old", "10.0.0.1", { dubbo: "2.6.5" }), c("anon", "10.0.0.2", { dubbo: "2.0.2" })]);
    expect(lines.map((l) => [consumerLabel(l), l.summary])).toEqual([
      ["anon (no release stated)", "unknown: its URL states no Dubbo release this console knows"],
      ["old (Dubbo 2.6.5)", "registry routes only — it has no config center"],
    ]);
  });

  it("lists a consumer registered twice once", () => {
    expect(whoObeys([c("a", "h", { release: "3.2.0" }), c("a", "h", { release: "3.2.0" }), c("a", "h2", { release: "3.2.0" })])).toHaveLength(2);
  });
});
