import { describe, expect, it } from "vitest";
import { parseConfigOrExit } from "@/server/runtime/config-or-exit";

/** A FatalExit that records the line and throws where the process would have ended. */
function recorder() {
  const lines: string[] = [];
  return {
    lines,
    fatal: {
      write: (line: string) => void lines.push(line),
      exit: (code: number): never => {
        throw new Error(`exit ${code}`);
      },
    },
  };
}

describe("parseConfigOrExit", () => {
  it("returns the configuration when the environment is valid, printing nothing", () => {
    const { lines, fatal } = recorder();
    expect(parseConfigOrExit({ DUBBO_REGISTRY: "zookeeper://zk:2181" }, fatal).registries.map((r) => r.servers)).toEqual([["zk:2181"]]);
    expect(lines).toEqual([]);
  });

  it("prints one line naming the variable and exits with 1 when it is not", () => {
    const { lines, fatal } = recorder();
    expect(() => parseConfigOrExit({ DUBBO_REGISTRY: "nacos://x:8848" }, fatal)).toThrow("exit 1");
    expect(lines).toEqual(['dubbo-console: invalid DUBBO_REGISTRY: "nacos://x:8848": unsupported registry protocol "nacos" (only zookeeper:// is supported)\n']);
  });
});
