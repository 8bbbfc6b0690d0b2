import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateRouteCases } from "../support/route-cases";
import { type OracleAnswer, type OracleLine, type RouteCase, type RouteInvocation, type RouteOracle, RouteOracleError, startRouteOracle } from "../support/route-oracle";

// The known answers below are apache/dubbo's own: ConditionRouterTest (dubbo-2.7.23) and
// ConditionStateRouterTest (3.3), dubbo-cluster/src/test/java/org/apache/dubbo/rpc/cluster/router/condition/.
// Their invokers are MockInvokers on plain URLs; here they go through the registry's URL
// making, which changes none of these answers.

const L = "127.0.0.1";
const BAR = "com.foo.BarService";
const CONSUMER = `consumer://${L}/${BAR}`;
/** testRoute_matchFilter's invokers. */
const MATCH_FILTER = [`dubbo://10.20.3.3:20880/${BAR}?serialization=fastjson`, `dubbo://${L}:20880/${BAR}`, `dubbo://${L}:20880/${BAR}`];
/** The invokers of most other tests. */
const THREE = [`dubbo://10.20.3.3:20880/${BAR}`, `dubbo://${L}:20880/${BAR}`, `dubbo://${L}:20880/${BAR}`];
/** testRoute_Attachments' and testRoute_Range_Pattern's. */
const REGIONS = [`dubbo://10.20.3.3:20880/${BAR}?region=hangzhou`, `dubbo://${L}:20880/${BAR}`, `dubbo://${L}:20880/${BAR}`];
const NO_CALL: RouteInvocation = {};

function route(rule: string, expected: number[], more: Partial<RouteCase> = {}): { c: RouteCase; expected: number[] } {
  return { c: { rule, force: false, enabled: true, consumer: CONSUMER, invocation: NO_CALL, providers: THREE, ...more }, expected };
}

/** Cases whose answer is the same in both tests (and so in both lines). */
const BOTH = {
  "matchFilter router1": route(`host = ${L} =>  host = 10.20.3.3`, [0], { force: true, providers: MATCH_FILTER }),
  "matchFilter router2": route(`host = ${L} =>  host = 10.20.3.* & host != 10.20.3.3`, [], { force: true, providers: MATCH_FILTER }),
  "matchFilter router3": route(`host = ${L} =>  host = 10.20.3.3  & host != 10.20.3.3`, [], { force: true, providers: MATCH_FILTER }),
  "matchFilter router4": route(`host = ${L} =>  host = 10.20.3.2,10.20.3.3,10.20.3.4`, [0], { force: true, providers: MATCH_FILTER }),
  "matchFilter router5": route(`host = ${L} =>  host != 10.20.3.3`, [1, 2], { force: true, providers: MATCH_FILTER }),
  "matchFilter router6": route(`host = ${L} =>  serialization = fastjson`, [0], { force: true, providers: MATCH_FILTER }),
  "methodRoute router4": route(`host = ${L} & methods = getFoo =>  host = 10.20.3.3`, [0], { force: true, invocation: { method: "getFoo" } }),
  "methodRoute router5": route(`host = ${L} & methods = unvalidmethod =>  host = 10.20.3.3`, [0, 1, 2], { force: true, invocation: { method: "getFoo" } }),
  ReturnFalse: route(`host = ${L} => false`, []),
  ReturnEmpty: route(`host = ${L} => `, []),
  ReturnAll: route(`host = ${L} =>  host = ${L}`, [0, 1, 2], { providers: [THREE[1]!, THREE[1]!, THREE[1]!] }),
  HostFilter: route(`host = ${L} =>  host = ${L}`, [1, 2]),
  Empty_HostFilter: route(` =>  host = ${L}`, [1, 2]),
  False_HostFilter: route(`true =>  host = ${L}`, [1, 2]),
  Placeholder: route(`host = ${L} =>  host = $host`, [1, 2]),
  NoForce: route(`host = ${L} =>  host = 1.2.3.4`, [0, 1, 2]),
  Force: route(`host = ${L} =>  host = 1.2.3.4`, [], { force: true }),
  "Arguments null": route("arguments[0] = a  =>  host = 1.2.3.4", [0, 1, 2], { force: true, invocation: { arguments: [null] } }),
  "Arguments a": route("arguments[0] = a  =>  host = 1.2.3.4", [], { force: true, invocation: { arguments: ["a"] } }),
  "Arguments no index": route("arguments = b  =>  host = 1.2.3.4", [0, 1, 2], { force: true, invocation: { arguments: ["a"] } }),
  "Arguments out of range": route("arguments[10].inner = a  =>  host = 1.2.3.4", [0, 1, 2], { force: true, invocation: { arguments: ["a"] } }),
  "Arguments inner": route("arguments[0].inner = 1  =>  host = 1.2.3.4", [], { force: true, invocation: { arguments: ["1"] } }),
  "Key_Not_Exist then": route("when_key=a  =>  not_exist_then_key = any_value", [], {
    force: true,
    consumer: `${CONSUMER}?when_key=a`,
    invocation: null,
    providers: [`dubbo://10.20.3.3:20880/${BAR}?then_key=a`, THREE[1]!, THREE[2]!],
  }),
  "Key_Not_Exist when": route("not_exist_when_key=a  =>  then_key = a", [0, 1, 2], {
    force: true,
    consumer: `${CONSUMER}?when_key=a`,
    invocation: null,
    providers: [`dubbo://10.20.3.3:20880/${BAR}?then_key=a`, THREE[1]!, THREE[2]!],
  }),
  "Multiple_Conditions all match": route(`application=consumer_app&arguments[0]=a =>  host = ${L}`, [1, 2], {
    force: true,
    consumer: `${CONSUMER}?application=consumer_app`,
    invocation: { arguments: ["a"] },
  }),
  "Multiple_Conditions one fails": route(`application=consumer_app&arguments[0]=a =>  host = ${L}`, [0, 1, 2], {
    force: true,
    consumer: `${CONSUMER}?application=another_consumer_app`,
    invocation: { arguments: ["a"] },
  }),
};

/** ConditionStateRouterTest's attachment and range cases: 3.x answers, and what 2.7 (which has neither) does. */
const ATTACHMENTS: Record<string, { c: RouteCase; x3: number[]; x27: number[] }> = Object.fromEntries(
  (
    [
      ["Attachments none", "attachments[foo] = a  =>  host = 1.2.3.4", {}, [0, 1, 2], [0, 1, 2]],
      ["Attachments foo=a", "attachments[foo] = a  =>  host = 1.2.3.4", { foo: "a" }, [], [0, 1, 2]],
      ["Attachments no key", "attachments = a  =>  host = 1.2.3.4", { foo: "a" }, [0, 1, 2], [0, 1, 2]],
      ["Attachments region", "attachments[foo] = a  =>  region = hangzhou", { foo: "a" }, [0], [0, 1, 2]],
      ["Range none", "attachments[user_id] = 1~100  =>  region=hangzhou", {}, [0, 1, 2], [0, 1, 2]],
      ["Range 80", "attachments[user_id] = 1~100  =>  region=hangzhou", { user_id: "80" }, [0], [0, 1, 2]],
      ["Range 101", "attachments[user_id] = 1~100  =>  region=hangzhou", { user_id: "101" }, [0, 1, 2], [0, 1, 2]],
      ["Range ~100 with 1", "attachments[user_id] = ~100  =>  region = hangzhou", { user_id: "1" }, [0], [0, 1, 2]],
      ["Range ~100 with 101", "attachments[user_id] = ~100  =>  region = hangzhou", { user_id: "101" }, [0, 1, 2], [0, 1, 2]],
    ] as const
  ).map(([name, rule, attachments, x3, x27]) => [
    name,
    { c: route(rule, [], { force: true, providers: REGIONS, invocation: { attachments } }).c, x3: [...x3], x27: [...x27] },
  ]),
);

/** testRoute_matchWhen and testRoute_methodRoute: the router's matchWhen for consumer 1.1.1.1. */
const MATCH_WHEN: [string, string, RouteInvocation, boolean][] = [
  [" => host = 1.2.3.4", "", NO_CALL, true],
  ["host = 2.2.2.2,1.1.1.1,3.3.3.3 => host = 1.2.3.4", "", NO_CALL, true],
  ["host = 2.2.2.2,1.1.1.1,3.3.3.3 & host !=1.1.1.1 => host = 1.2.3.4", "", NO_CALL, false],
  ["host !=4.4.4.4 & host = 2.2.2.2,1.1.1.1,3.3.3.3 => host = 1.2.3.4", "", NO_CALL, true],
  ["host !=4.4.4.* & host = 2.2.2.2,1.1.1.1,3.3.3.3 => host = 1.2.3.4", "", NO_CALL, true],
  ["host = 2.2.2.2,1.1.1.*,3.3.3.3 & host != 1.1.1.1 => host = 1.2.3.4", "", NO_CALL, false],
  ["host = 2.2.2.2,1.1.1.*,3.3.3.3 & host != 1.1.1.2 => host = 1.2.3.4", "", NO_CALL, true],
  ["methods=getFoo => host = 1.2.3.4", "?methods=setFoo,getFoo,findFoo", { method: "getFoo" }, true],
  ["methods=getFoo => host = 1.2.3.4", "?methods=getFoo", { method: "getFoo" }, true],
  ["methods=getFoo & host!=1.1.1.1 => host = 1.2.3.4", "?methods=getFoo", { method: "getFoo" }, false],
  ["methods=getFoo & host=1.1.1.1 => host = 1.2.3.4", "?methods=getFoo", { method: "getFoo" }, true],
];

const results = (answers: OracleAnswer[]) => answers.map((a) => (a.ok ? a.result : a.error));

describe.each(["2.7", "3.x"] as const)("the %s route oracle", (line: OracleLine) => {
  let oracle: RouteOracle;
  beforeAll(async () => {
    oracle = await startRouteOracle(line);
  });
  afterAll(() => oracle?.stop());

  it("gives the answers of apache/dubbo's own router tests, in the order asked", async () => {
    const cases = Object.values(BOTH);
    expect(results(await oracle.ask(cases.map((k) => k.c)))).toEqual(cases.map((k) => k.expected));
  });

  it("reads attachments and ranges in 3.x only", async () => {
    const cases = Object.values(ATTACHMENTS);
    expect(results(await oracle.ask(cases.map((k) => k.c)))).toEqual(cases.map((k) => (line === "3.x" ? k.x3 : k.x27)));
  });

  it("reports the router's own matchWhen", async () => {
    const answers = await oracle.ask(
      MATCH_WHEN.map(([rule, query, invocation]) => ({ rule, force: false, enabled: true, consumer: `consumer://1.1.1.1/${BAR}${query}`, invocation, providers: THREE })),
    );
    expect(answers.map((a) => a.ok && a.whenMatched)).toEqual(MATCH_WHEN.map(([, , , when]) => when));
  });

  it("answers ok:false with Java's exception and offset when the router refuses the rule", async () => {
    const [leadingComma, doubleEquals, blank] = await oracle.ask(
      ["host = , a => host = 1.2.3.4", "host = 10.20.3.3 => host == 1.2.3.4", "   "].map((rule) => route(rule, []).c),
    );
    expect(leadingComma).toEqual({
      ok: false,
      error: `java.lang.IllegalStateException: Illegal route rule "host = , a", The error char ',' at index 7 before "a".`,
      offset: 7,
    });
    expect(doubleEquals).toMatchObject({ ok: false, error: expect.stringContaining("The error char '==' at index 5 before \"1.2.3.4\"") as unknown, offset: 5 });
    expect(blank).toEqual({ ok: false, error: "java.lang.IllegalArgumentException: Illegal route rule!", offset: null });
  });

  it("does not parse a disabled rule, so even a malformed one routes nothing away", async () => {
    const [answer] = await oracle.ask([route("host = , a => host = 1.2.3.4", [], { enabled: false }).c]);
    expect(answer).toEqual({ ok: true, result: [0, 1, 2], whenMatched: true });
  });

  it("reads an empty rule as 2.7 reads it from a route URL (the value-less parameter `rule`), and 3.x refuses it", async () => {
    const [answer] = await oracle.ask([route("", [], { force: true }).c]);
    // 2.7's URL parser gives `rule=` its own name as value; a then-condition on a key no URL
    // has, with no values, keeps every provider.
    expect(answer).toEqual(line === "2.7" ? { ok: true, result: [0, 1, 2], whenMatched: true } : { ok: false, error: "java.lang.IllegalArgumentException: Illegal route rule!", offset: null });
  });

  it("streams thousands of generated cases through one JVM, each answer within its case's providers and in their order", async () => {
    const cases = generateRouteCases(7, 3_000);
    const answers = await oracle.ask(cases);
    expect(answers).toHaveLength(cases.length);
    const broken = answers.flatMap((a, i) => {
      if (!a.ok) return a.error.startsWith("java.lang.Illegal") ? [] : [i];
      const n = cases[i]!.providers.length;
      return a.result.every((p, j) => p >= 0 && p < n && (j === 0 || p > a.result[j - 1]!)) ? [] : [i];
    });
    expect(broken).toEqual([]);
    // Enough of them keep some providers and drop others to tell engines apart.
    expect(answers.filter((a, i) => a.ok && a.result.length > 0 && a.result.length < cases[i]!.providers.length).length).toBeGreaterThan(100);
  });

  it("rejects a case whose provider URL Java cannot parse, naming the case", async () => {
    const bad = route("=> host = 1.2.3.4", [], { providers: ["dubbo://10.20.3.3:port/com.foo.BarService"] }).c;
    await expect(oracle.ask([route("=> host = 1.2.3.4", []).c, bad])).rejects.toThrow(/^case 1 is unusable: java\.lang\.NumberFormatException/);
    expect(results(await oracle.ask([route(`=> host = ${L}`, [1, 2]).c]))).toEqual([[1, 2]]);
  });
});

describe("a route oracle whose JVM dies", () => {
  it("rejects what was asked with the exit, and every later question", async () => {
    const oracle = await startRouteOracle("2.7");
    try {
      const asked = oracle.ask(generateRouteCases(11, 2_000));
      process.kill(-oracle.pid!, "SIGKILL");
      await expect(asked).rejects.toThrow(RouteOracleError);
      await expect(asked).rejects.toThrow(/the 2\.7 route oracle JVM exited with null/);
      await expect(oracle.ask([route("=> host = 1.2.3.4", []).c])).rejects.toThrow(/exited/);
    } finally {
      await oracle.stop();
    }
  });
});
