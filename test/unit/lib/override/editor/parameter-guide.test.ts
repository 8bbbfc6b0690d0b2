import { describe, expect, it } from "vitest";
import { parameterGuide } from "@/lib/override/editor/parameter-guide";

describe("parameterGuide", () => {
  it("gives Dubbo's defaults for the parameters operators override most", () => {
    expect(["timeout", "retries", "loadbalance", "cluster", "weight"].map((k) => parameterGuide(k)?.dubboDefault)).toEqual(["1000", "2", "random", "failover", "100"]);
  });

  it("describes a per-method parameter as its parameter, for that method", () => {
    const guide = parameterGuide("sayHello.timeout");
    expect(guide?.dubboDefault).toBe("1000");
    expect(guide?.meaning).toBe("For method sayHello only: how long a call waits for the answer, in milliseconds, before it fails.");
  });

  it("knows nothing of a parameter it does not describe", () => {
    expect(parameterGuide("payload")).toBeUndefined();
    expect(parameterGuide("x.payload")).toBeUndefined();
  });
});
