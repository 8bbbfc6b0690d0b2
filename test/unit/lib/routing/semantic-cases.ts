import type { RouteInvocation } from "@/lib/routing/evaluate/condition-route";

/**
 * Inputs on which Dubbo 2.7.23's ConditionRouter and 3.3's ConditionStateRouter part ways,
 * with what each returns (indexes into `providers`). Every row was checked against the
 * real jars (dubbo-2.7.23.jar, dubbo-3.3.6.jar) through the route oracle, which reads
 * provider URLs as the registry hands them over (see lib/routing/url/provider-url.ts), then
 * RegistryDirectory.mergeUrl (2.7) or a DubboServiceAddressURL after 3.3's mergeUrl (3.x);
 * test/integration/route-differential.test.ts checks them again on every run.
 */
export interface SemanticCase {
  readonly name: string;
  readonly rule: string;
  readonly force?: boolean;
  readonly consumer: string;
  readonly invocation?: RouteInvocation;
  readonly providers: readonly string[];
  readonly v27: readonly number[];
  readonly v3: readonly number[];
}

const C = "consumer://1.1.1.1/com.foo.BarService";
const P = (host: string, query = "") => `dubbo://${host}:20880/com.foo.BarService${query}`;

export const SEMANTIC_CASES: readonly SemanticCase[] = [
  {
    name: "a provider without the key passes != in 2.7 and fails it in 3.x",
    rule: "=> env != prod",
    consumer: C,
    providers: [P("10.0.0.1"), P("10.0.0.2", "?env=prod"), P("10.0.0.3", "?env=dev")],
    v27: [0, 2],
    v3: [2],
  },
  {
    name: "2.7 compares then with the consumer's own parameter merged into every provider URL",
    rule: "=> timeout = 3000",
    consumer: `${C}?timeout=3000`,
    providers: [P("10.0.0.1", "?timeout=1000"), P("10.0.0.2", "?timeout=3000")],
    v27: [0, 1],
    v3: [1],
  },
  {
    name: "2.7 reads application in then as the consumer's; the provider's moves to remote.application",
    rule: "=> application = p1",
    force: true,
    consumer: `${C}?application=x`,
    providers: [P("10.0.0.1", "?application=p1"), P("10.0.0.2", "?application=p2")],
    v27: [],
    v3: [0],
  },
  {
    name: "remote.application exists only on 2.7's merged URL",
    rule: "=> remote.application = p1",
    force: true,
    consumer: `${C}?application=x`,
    providers: [P("10.0.0.1", "?application=p1"), P("10.0.0.2", "?application=p2")],
    v27: [0],
    v3: [],
  },
  {
    name: "group keeps the provider's value in 2.7 when it has one, else takes the consumer's",
    rule: "=> group = g1",
    force: true,
    consumer: `${C}?group=g1`,
    providers: [P("10.0.0.1", "?group=g2"), P("10.0.0.2")],
    v27: [1],
    v3: [],
  },
  {
    name: "methods keeps the provider's value in 2.7",
    rule: "=> methods = b",
    consumer: `${C}?methods=a`,
    providers: [P("10.0.0.1", "?methods=b"), P("10.0.0.2", "?methods=c")],
    v27: [0],
    v3: [0],
  },
  {
    name: "2.7 adds check=false to every provider URL; 3.3's registry only to those with parameters",
    rule: "=> check = false",
    force: true,
    consumer: C,
    providers: [P("10.0.0.1"), P("10.0.0.2", "?check=true")],
    v27: [0, 1],
    v3: [1],
  },
  {
    name: "2.7 drops the provider's thread-pool settings from the URL it routes on",
    rule: "=> threads = 200",
    force: true,
    consumer: C,
    providers: [P("10.0.0.1", "?threads=200")],
    v27: [],
    v3: [0],
  },
  {
    name: "an argument past the call's arguments fails the condition in 2.7; 3.x compares a placeholder, which passes !=",
    rule: "arguments[3] != x => host = 9.9.9.9",
    force: true,
    consumer: C,
    invocation: { method: "getFoo", arguments: ["a"] },
    providers: [P("10.0.0.1"), P("10.0.0.2")],
    v27: [0, 1],
    v3: [],
  },
  {
    name: "the method of a generic call is $invoke in 2.7 and the real method in 3.x",
    rule: "method = getFoo => host = 9.9.9.9",
    force: true,
    consumer: C,
    invocation: { method: "$invoke", arguments: ["getFoo", "[Ljava.lang.String;", "[Ljava.lang.Object;"] },
    providers: [P("10.0.0.1")],
    v27: [0],
    v3: [],
  },
  {
    name: "a~b is an integer range in 3.x and literal text in 2.7",
    rule: "=> weight = 50~150",
    force: true,
    consumer: C,
    providers: [P("10.0.0.1", "?weight=100"), P("10.0.0.2", "?weight=200")],
    v27: [],
    v3: [0],
  },
  {
    name: "an open-ended range a~ is unusable in 3.x, which on the then side matches every provider that has the key",
    rule: "=> weight = 100~",
    force: true,
    consumer: C,
    providers: [P("10.0.0.1", "?weight=5"), P("10.0.0.2")],
    v27: [],
    v3: [0],
  },
  {
    name: "an empty value is the parameter's name in 2.7 and empty in 3.x; a parameter with no '=' loses two chars of its name in both",
    rule: "=> canary = canary",
    force: true,
    consumer: C,
    providers: [P("10.0.0.1", "?canary"), P("10.0.0.2", "?canary=")],
    v27: [1],
    v3: [],
  },
  {
    name: "3.x falls back to the consumer's path when the provider has none; 2.7 takes the consumer's interface",
    rule: "=> path = com.foo.BarService",
    force: true,
    consumer: "consumer://1.1.1.1/com.foo.BarService",
    providers: ["dubbo://10.0.0.1:20880?x=1", "rest://10.0.0.2:20880?x=1"],
    v27: [],
    v3: [0, 1],
  },
  {
    name: "with an interface parameter on the consumer, 2.7 gives a path-less dubbo provider that path",
    rule: "=> path = com.foo.BarService",
    force: true,
    consumer: "consumer://1.1.1.1/com.foo.BarService?interface=com.foo.BarService",
    providers: ["dubbo://10.0.0.1:20880?x=1", "rest://10.0.0.2:20880?x=1"],
    v27: [0],
    v3: [0, 1],
  },
  {
    name: "3.3's mergeUrl removes a provider's mock; 2.7 keeps it",
    rule: "=> mock = force",
    force: true,
    consumer: C,
    providers: [P("10.0.0.1", "?mock=force")],
    v27: [0],
    v3: [],
  },
  {
    name: "3.x lower-cases side; 2.7 compares it as written",
    rule: "=> side = provider",
    force: true,
    consumer: C,
    providers: [P("10.0.0.1", "?side=PROVIDER")],
    v27: [],
    v3: [0],
  },
  {
    name: "a when key with no values passes in 2.7 when the consumer lacks it, and never in 3.x",
    rule: "true & host = 1.1.1.1 => host = 9.9.9.9",
    force: true,
    consumer: C,
    providers: [P("10.0.0.1")],
    v27: [],
    v3: [0],
  },
  {
    name: "$port of a consumer URL without a port is 0 in both",
    rule: "=> p = $port",
    consumer: C,
    providers: [P("10.0.0.1", "?p=0"), P("10.0.0.2", "?p=1")],
    v27: [0],
    v3: [0],
  },
  {
    name: "$name on the when side is literal text in both",
    rule: "host = $host => host = 9.9.9.9",
    force: true,
    consumer: C,
    providers: [P("10.0.0.1")],
    v27: [0],
    v3: [0],
  },
  {
    name: "a forced empty result turns into all providers when the consumer's rule parameter is not valid URL encoding (the router fails while logging)",
    rule: "=> host = 9.9.9.9",
    force: true,
    consumer: `${C}?rule=%zz`,
    providers: [P("10.0.0.1"), P("10.0.0.2")],
    v27: [0, 1],
    v3: [0, 1],
  },
  {
    name: "an attachment range reads a non-numeric value as 0 in 3.x",
    rule: "attachments[uid] = 0~10 => host = 9.9.9.9",
    force: true,
    consumer: C,
    invocation: { attachments: { uid: "abc" } },
    providers: [P("10.0.0.1")],
    v27: [0],
    v3: [],
  },
];
