import { beforeAll, describe, expect, it } from "vitest";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { javaDoubleString, javaFloatString, javaStringOf } from "@/server/cluster/java-string";
import { ConsistentHashLoadBalance } from "@/server/cluster/load-balance/consistent-hash";
import { RoundRobinLoadBalance } from "@/server/cluster/load-balance/round-robin";
import { warmupWeight } from "@/server/cluster/load-balance/weight";
import { methodParam } from "@/server/cluster/directory/url-parameters";
import { type ClusterCheckAnswers, runClusterCheck } from "../support/cluster-check";
import { FakeInvoker, invocation, testEnv } from "../unit/server/cluster/fakes";

// Dubbo's own classes answer in the same run: ClusterCheck (test/peers) on the rig's 2.7.23 and
// 3.3.6 classpaths, one JVM per release.
const DIALECTS: [DubboRelease, "2.7" | "3.3"][] = [
  ["2.7", "2.7"],
  ["3.x", "3.3"],
];

describe.each(DIALECTS)("against Dubbo's own classes (%s)", (dialect, line) => {
  let answers: ClusterCheckAnswers;
  beforeAll(async () => {
    answers = await runClusterCheck(line);
  });

  it("computes every warm-up weight as AbstractLoadBalance.calculateWarmupWeight", () => {
    for (const [uptime, warmup, weight, expected] of answers.warmup) {
      expect([uptime, warmup, weight, warmupWeight(uptime, warmup, weight, dialect)]).toEqual([uptime, warmup, weight, expected]);
    }
    expect(answers.warmup).toHaveLength(11);
  });

  it("walks the same round robin sequences as RoundRobinLoadBalance", () => {
    const setups = [
      ["weight=5", "weight=1", "weight=1"],
      ["weight=3", "weight=2", "weight=1", "weight=0"],
      ["sayHello.weight=1", "weight=4", ""],
    ];
    setups.forEach((setup, s) => {
      const lb = new RoundRobinLoadBalance(testEnv({ dialect }));
      const invokers = setup.map((p, i) => new FakeInvoker(`10.0.0.${i + 1}:20880`, p));
      const seq = Array.from({ length: 14 }, () => lb.select(invokers, invocation("sayHello", ["x"])).address);
      expect(seq).toEqual(answers.roundRobin[s]);
    });
  });

  it("sends every key to the same provider as ConsistentHashLoadBalance (ketama md5 ring; 2.7.23's bounded load)", () => {
    ["", "hash.nodes=16&hash.arguments=0,1"].forEach((params, s) => {
      const lb = new ConsistentHashLoadBalance(testEnv({ dialect }));
      const invokers = [1, 2, 3, 4, 5].map((i) => new FakeInvoker(`10.0.0.${i}:2088${i}`, params));
      const seq = Array.from({ length: 40 }, (_, k) => {
        const inv = k % 4 === 3 ? invocation("find", [k * 1000003, "b"], ["long", "java.lang.String"]) : invocation("find", [`key-${k}`, k % 2 === 0 ? "a" : "b"], ["java.lang.String", "java.lang.String"]);
        return lb.select(invokers, inv).address;
      });
      expect(seq).toEqual(answers.consistentHash[s]);
    });
  });

  it("reads {method}.{key} parameters as URL.getMethodParameter does", () => {
    const cases: [string, string][] = [
      ["timeout=1000&sayHello.timeout=3000", "sayHello"],
      ["timeout=1000&sayHello.timeout=3000&methods=sayHello,bye", "sayHello"],
      ["timeout=1000&sayHello.timeout=3000&methods=bye", "sayHello"],
      ["timeout=1000&say.timeout=3000&methods=sayHello", "say"],
      ["timeout=1000&sayHello.timeout=&methods=sayHello", "sayHello"],
      ["timeout=1000&a.b.timeout=5", "a.b"],
    ];
    const got = cases.map(([params, method]) => methodParam(new FakeInvoker("10.0.0.1:20880", params).url, method, "timeout", dialect));
    expect(got).toEqual(answers.methodParameters);
  });

  it("prints numbers as the JDK's toString does, but for the doubles JDK 17 prints long", () => {
    // JDK 19 made Double.toString print the shortest digits (as JavaScript); JDK 17, which the
    // rig runs, prints one more for a few values. The engine prints the JDK 19+ form.
    const jdk17Only = new Map([
      ["9.999999999999999E22", "1.0E23"],
      ["5.6843418860808015E-14", "5.684341886080802E-14"],
    ]);
    for (const [kind, value, expected] of answers.numbers) {
      const got = kind === "double" ? javaDoubleString(Number(value)) : kind === "float" ? javaFloatString(Number(value)) : javaStringOf(value, "java.math.BigDecimal")?.text;
      expect([kind, value, got]).toEqual([kind, value, jdk17Only.get(expected) ?? expected]);
    }
    expect(answers.numbers).toHaveLength(30);
  });
});
