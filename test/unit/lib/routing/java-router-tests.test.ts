import { describe, expect, it } from "vitest";
import { routeCondition, type ConditionRouteInput, type RouteInvocation } from "@/lib/routing/evaluate/condition-route";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";

/**
 * apache/dubbo's ConditionRouterTest (tag dubbo-2.7.23) and ConditionStateRouterTest (tag
 * dubbo-3.3.x), re-expressed with our API: each test names the Java method it comes from.
 * The first fourteen exist in both, with the same expectations (run here under both
 * semantics); the last four are 3.x tests, also run under 2.7 with what ConditionRouter
 * 2.7.23 answers for the same input (checked against the real jar).
 */

const LOCAL_HOST = "127.0.0.1";
const CONSUMER = `consumer://${LOCAL_HOST}/com.foo.BarService`;
/** invoker1..3 of the Java tests. */
const INVOKERS = ["dubbo://10.20.3.3:20880/com.foo.BarService", `dubbo://${LOCAL_HOST}:20880/com.foo.BarService`, `dubbo://${LOCAL_HOST}:20880/com.foo.BarService`];
/** `new RpcInvocation()`: an invocation with no method name. */
const EMPTY_INVOCATION: RouteInvocation = {};

function route(semantics: DubboRelease, rule: string, extra: Partial<ConditionRouteInput> = {}) {
  return routeCondition({ rule, semantics, consumer: CONSUMER, providers: INVOKERS, invocation: EMPTY_INVOCATION, ...extra });
}

/** Indexes of the returned providers in the input (distinct even for equal strings, by position). */
function keptIndexes(providers: readonly string[], result: readonly string[]): number[] {
  const out: number[] = [];
  let from = 0;
  for (const r of result) {
    const i = providers.indexOf(r, from);
    out.push(i);
    from = i + 1;
  }
  return out;
}

/** ConditionRouter.matchWhen, observed through a route over one provider. */
function matchWhen(semantics: DubboRelease, rule: string, consumer: string, invocation: RouteInvocation | undefined): boolean {
  return routeCondition({ rule, semantics, consumer, providers: ["dubbo://9.9.9.9:20880/com.foo.BarService"], invocation }).whenMatched;
}

describe.each(["2.7", "3.x"] as const)("the Java router tests shared by 2.7.23 and 3.3, under %s", (semantics) => {
  it("testRoute_matchWhen: a blank when matches; host lists, != and globs decide the rest", () => {
    const c = "consumer://1.1.1.1/com.foo.BarService";
    expect(matchWhen(semantics, " => host = 1.2.3.4", c, EMPTY_INVOCATION)).toBe(true);
    expect(matchWhen(semantics, "host = 2.2.2.2,1.1.1.1,3.3.3.3 => host = 1.2.3.4", c, EMPTY_INVOCATION)).toBe(true);
    expect(matchWhen(semantics, "host = 2.2.2.2,1.1.1.1,3.3.3.3 & host !=1.1.1.1 => host = 1.2.3.4", c, EMPTY_INVOCATION)).toBe(false);
    expect(matchWhen(semantics, "host !=4.4.4.4 & host = 2.2.2.2,1.1.1.1,3.3.3.3 => host = 1.2.3.4", c, EMPTY_INVOCATION)).toBe(true);
    expect(matchWhen(semantics, "host !=4.4.4.* & host = 2.2.2.2,1.1.1.1,3.3.3.3 => host = 1.2.3.4", c, EMPTY_INVOCATION)).toBe(true);
    expect(matchWhen(semantics, "host = 2.2.2.2,1.1.1.*,3.3.3.3 & host != 1.1.1.1 => host = 1.2.3.4", c, EMPTY_INVOCATION)).toBe(false);
    expect(matchWhen(semantics, "host = 2.2.2.2,1.1.1.*,3.3.3.3 & host != 1.1.1.2 => host = 1.2.3.4", c, EMPTY_INVOCATION)).toBe(true);
  });

  it("testRoute_matchFilter: forced then conditions on host and on a parameter", () => {
    const providers = ["dubbo://10.20.3.3:20880/com.foo.BarService?serialization=fastjson", INVOKERS[1]!, INVOKERS[2]!];
    const sizes = [
      " host = 10.20.3.3",
      " host = 10.20.3.* & host != 10.20.3.3",
      " host = 10.20.3.3  & host != 10.20.3.3",
      " host = 10.20.3.2,10.20.3.3,10.20.3.4",
      " host != 10.20.3.3",
      " serialization = fastjson",
    ].map((then) => route(semantics, `host = ${LOCAL_HOST} => ${then}`, { force: true, providers }).result.length);
    expect(sizes).toEqual([1, 0, 0, 1, 2, 1]);
  });

  it("testRoute_methodRoute: methods in when reads the invoked method, not the URL's methods list", () => {
    const getFoo: RouteInvocation = { method: "getFoo", arguments: [] };
    expect(matchWhen(semantics, "methods=getFoo => host = 1.2.3.4", "consumer://1.1.1.1/com.foo.BarService?methods=setFoo,getFoo,findFoo", getFoo)).toBe(true);
    expect(matchWhen(semantics, "methods=getFoo => host = 1.2.3.4", "consumer://1.1.1.1/com.foo.BarService?methods=getFoo", getFoo)).toBe(true);
    expect(matchWhen(semantics, "methods=getFoo & host!=1.1.1.1 => host = 1.2.3.4", "consumer://1.1.1.1/com.foo.BarService?methods=getFoo", getFoo)).toBe(false);
    expect(matchWhen(semantics, "methods=getFoo & host=1.1.1.1 => host = 1.2.3.4", "consumer://1.1.1.1/com.foo.BarService?methods=getFoo", getFoo)).toBe(true);
    expect(route(semantics, `host = ${LOCAL_HOST} & methods = getFoo =>  host = 10.20.3.3`, { force: true, invocation: getFoo }).result).toHaveLength(1);
    expect(route(semantics, `host = ${LOCAL_HOST} & methods = unvalidmethod =>  host = 10.20.3.3`, { force: true, invocation: getFoo }).result).toHaveLength(3);
  });

  it("testRoute_ReturnFalse: then false blacklists the consumer", () => {
    const r = route(semantics, `host = ${LOCAL_HOST} => false`);
    expect([r.result, r.outcome]).toEqual([[], "blacklist"]);
  });

  it("testRoute_ReturnEmpty: a blank then blacklists the consumer", () => {
    const r = route(semantics, `host = ${LOCAL_HOST} => `);
    expect([r.result, r.outcome]).toEqual([[], "blacklist"]);
  });

  it("testRoute_ReturnAll: every provider matches, so all are returned", () => {
    const providers = [INVOKERS[1]!, INVOKERS[1]!, INVOKERS[1]!];
    expect(route(semantics, `host = ${LOCAL_HOST} =>  host = ${LOCAL_HOST}`, { providers }).result).toEqual(providers);
  });

  it("testRoute_HostFilter: keeps the two local providers, in order", () => {
    const r = route(semantics, `host = ${LOCAL_HOST} =>  host = ${LOCAL_HOST}`);
    expect(keptIndexes(INVOKERS, r.result)).toEqual([1, 2]);
  });

  it("testRoute_Empty_HostFilter: a blank when applies to every consumer", () => {
    expect(keptIndexes(INVOKERS, route(semantics, ` =>  host = ${LOCAL_HOST}`).result)).toEqual([1, 2]);
  });

  it("testRoute_False_HostFilter: a `true` when applies to every consumer", () => {
    expect(keptIndexes(INVOKERS, route(semantics, `true =>  host = ${LOCAL_HOST}`).result)).toEqual([1, 2]);
  });

  it("testRoute_Placeholder: $host in then stands for the consumer's host", () => {
    expect(keptIndexes(INVOKERS, route(semantics, `host = ${LOCAL_HOST} =>  host = $host`).result)).toEqual([1, 2]);
  });

  it("testRoute_NoForce: nothing matches and force=false, so all providers come back", () => {
    const r = route(semantics, `host = ${LOCAL_HOST} =>  host = 1.2.3.4`);
    expect([r.result, r.outcome]).toEqual([INVOKERS, "empty-fallback"]);
  });

  it("testRoute_Force: nothing matches and force=true, so none come back", () => {
    const r = route(semantics, `host = ${LOCAL_HOST} =>  host = 1.2.3.4`, { force: true });
    expect([r.result, r.outcome]).toEqual([[], "empty-forced"]);
  });

  it("testRoute_Arguments: arguments[N] in when compares String.valueOf of the argument", () => {
    const rule = (when: string) => `${when}  =>  host = 1.2.3.4`;
    // String.valueOf(null) is "null", which is what a null argument reads as.
    expect(route(semantics, rule("arguments[0] = a "), { force: true, invocation: { arguments: ["null"] } }).result).toHaveLength(3);
    expect(route(semantics, rule("arguments[0] = a "), { force: true, invocation: { arguments: ["a"] } }).result).toHaveLength(0);
    expect(route(semantics, rule("arguments = b "), { force: true, invocation: { arguments: ["a"] } }).result).toHaveLength(3);
    expect(route(semantics, rule("arguments[10].inner = a "), { force: true, invocation: { arguments: ["a"] } }).result).toHaveLength(3);
    expect(route(semantics, rule("arguments[0].inner = 1 "), { force: true, invocation: { arguments: ["1"] } }).result).toHaveLength(0);
  });

  it("testRoute_Key_Not_Exist (3.3): a then key no provider has matches none; a when key the consumer lacks does not apply", () => {
    const providers = ["dubbo://10.20.3.3:20880/com.foo.BarService?then_key=a", INVOKERS[1]!, INVOKERS[2]!];
    const consumer = `consumer://${LOCAL_HOST}/com.foo.BarService?when_key=a`;
    const noInvocation = { providers, consumer, invocation: undefined, force: true };
    expect(route(semantics, "when_key=a  =>  not_exist_then_key = any_value", noInvocation).result).toHaveLength(0);
    expect(route(semantics, "not_exist_when_key=a  =>  then_key = a", noInvocation).result).toHaveLength(3);
  });

  it("testRoute_Multiple_Conditions (3.3): every when condition must hold", () => {
    const invocation = { arguments: ["a"] };
    const rule = `application=consumer_app&arguments[0]=a =>  host = ${LOCAL_HOST}`;
    expect(route(semantics, rule, { force: true, invocation, consumer: `${CONSUMER}?application=consumer_app` }).result).toHaveLength(2);
    expect(route(semantics, rule, { force: true, invocation, consumer: `${CONSUMER}?application=another_consumer_app` }).result).toHaveLength(3);
  });
});

describe("the Java router tests of 3.3 only, where 2.7 answers differently", () => {
  const providers = ["dubbo://10.20.3.3:20880/com.foo.BarService?region=hangzhou", INVOKERS[1]!, INVOKERS[2]!];
  const sizes = (semantics: DubboRelease, rule: string, invocations: RouteInvocation[]) =>
    invocations.map((invocation) => route(semantics, rule, { force: true, providers, invocation }).result.length);

  it("testRoute_Attachments: 3.x reads attachments[k] from the call; 2.7 looks for a URL key that never exists", () => {
    const calls = [{}, { attachments: { foo: "a" } }];
    expect(sizes("3.x", "attachments[foo] = a  =>  host = 1.2.3.4", calls)).toEqual([3, 0]);
    expect(sizes("3.x", "attachments = a  =>  host = 1.2.3.4", [calls[1]!])).toEqual([3]);
    expect(sizes("3.x", "attachments[foo] = a  =>  region = hangzhou", [calls[1]!])).toEqual([1]);
    expect(sizes("2.7", "attachments[foo] = a  =>  host = 1.2.3.4", calls)).toEqual([3, 3]);
    expect(sizes("2.7", "attachments[foo] = a  =>  region = hangzhou", [calls[1]!])).toEqual([3]);
  });

  it("testRoute_Range_Pattern: 3.x compares 1~100 and ~100 as integer ranges; 2.7 as text", () => {
    const ids = (...v: string[]) => v.map((user_id) => ({ attachments: { user_id } }));
    expect(sizes("3.x", "attachments[user_id] = 1~100  =>  region=hangzhou", [{}, ...ids("80", "101")])).toEqual([3, 1, 3]);
    expect(sizes("3.x", "attachments[user_id] = ~100  =>  region = hangzhou", ids("1", "101"))).toEqual([1, 3]);
    expect(sizes("2.7", "attachments[user_id] = 1~100  =>  region=hangzhou", [{}, ...ids("80", "101")])).toEqual([3, 3, 3]);
  });
});
