import type { SemanticCase } from "./semantic-cases";

/**
 * How each line reads the URLs a route is applied to before any route sees them, one Java
 * behaviour per row: provider nodes (lib/routing/url/provider-url.ts, node-params.ts) and the
 * consumer's URL text (consumer-url.ts), with what each line's router returns (indexes into
 * `providers`). Checked against the real jars through the route oracle by
 * test/integration/route-differential.test.ts on every run.
 */

const C = "consumer://1.1.1.1/com.foo.BarService";
const P = (host: string, query = "") => `dubbo://${host}:20880/com.foo.BarService${query}`;

export const REGISTRY_READ_CASES: readonly SemanticCase[] = [
  {
    name: "URLStrParser.parseEncodedParams: a parameter without '=' loses the last two chars of its name",
    rule: "=> cana = cana",
    force: true,
    consumer: C,
    providers: [P("10.0.0.1", "?canary"), P("10.0.0.2", "?cana=cana")],
    v27: [0, 1],
    v3: [1],
  },
  {
    name: "URLStrParser.parseEncodedParams: a name of two chars or fewer without '=' becomes the empty name",
    rule: "=> ab = *",
    force: true,
    consumer: C,
    providers: [P("10.0.0.1", "?ab"), P("10.0.0.2", "?ab=1")],
    v27: [1],
    v3: [1],
  },
  {
    name: "URLStrParser.parseEncodedParams: a parameter starting with '=' has the empty name",
    rule: "=> x = *",
    force: true,
    consumer: C,
    providers: [P("10.0.0.1", "?=x"), P("10.0.0.2", "?x=1")],
    v27: [1],
    v3: [1],
  },
  {
    name: "CacheableFailbackRegistry.stripOffVariableKeys: 3.3 providers carry no timestamp or pid",
    rule: "=> timestamp = * & pid = *",
    force: true,
    consumer: C,
    providers: [P("10.0.0.1", "?pid=1&timestamp=2"), P("10.0.0.2", "?timestamp=2")],
    v27: [0],
    v3: [],
  },
  {
    name: "CacheableFailbackRegistry.stripOffVariableKeys: the first pid= anywhere goes, up to the next &, so rapid=1&x=2 reads rax=2",
    rule: "=> rax = 2",
    force: true,
    consumer: C,
    providers: [P("10.0.0.1", "?rapid=1&x=2"), P("10.0.0.2", "?rax=3")],
    v27: [],
    v3: [0],
  },
  {
    name: "CacheableFailbackRegistry.stripOffVariableKeys: only the first timestamp= goes",
    rule: "=> timestamp = 2",
    force: true,
    consumer: C,
    providers: [P("10.0.0.1", "?timestamp=1&a=1&timestamp=2"), P("10.0.0.2", "?timestamp=2")],
    v27: [0, 1],
    v3: [0],
  },
  {
    name: "CacheableFailbackRegistry.createURL: check=false only on a URL with parameters (stripping may leave none)",
    rule: "=> check = false",
    force: true,
    consumer: C,
    providers: [P("10.0.0.1", "?timestamp=1"), P("10.0.0.2", "?a=1"), P("10.0.0.3")],
    v27: [0, 1, 2],
    v3: [1],
  },
  {
    name: "URLAddress.createPathURLAddress: 3.3 reads no host without a port when the URL has parameters",
    rule: "=> host = 10.0.0.*",
    force: true,
    consumer: C,
    providers: ["dubbo://10.0.0.1/com.foo.BarService?a=1", "dubbo://10.0.0.2/com.foo.BarService", P("10.0.0.3", "?a=1")],
    v27: [0, 1, 2],
    v3: [1, 2],
  },
  {
    name: "URLAddress.createPathURLAddress: 3.3 does not cut the path at '#' when the URL has parameters",
    rule: "=> path = com.foo.BarService",
    force: true,
    consumer: C,
    providers: ["dubbo://10.0.0.1:20880/com.foo.BarService#x?a=1", "dubbo://10.0.0.2:20880/com.foo.BarService#x"],
    v27: [0, 1],
    v3: [1],
  },
  {
    name: "RegistryDirectory.getEffectiveProtocol: a 3.3 consumer routes on the provider's preferred.protocol",
    rule: "=> protocol = tri",
    force: true,
    consumer: C,
    providers: [P("10.0.0.1", "?preferred.protocol=tri"), P("10.0.0.2")],
    v27: [],
    v3: [0],
  },
  {
    name: "RegistryDirectory.getEffectiveProtocol: the consumer's first protocol when the provider lists it in ext.protocol",
    rule: "=> protocol = rest",
    force: true,
    consumer: `${C}?protocol=rest,dubbo`,
    providers: [P("10.0.0.1", "?ext.protocol=tri,REST"), P("10.0.0.2", "?ext.protocol=tri"), P("10.0.0.3")],
    v27: [],
    v3: [0],
  },
  {
    name: "ServiceAddressURL.getParameter: the consumer's preferred.protocol comes before the provider's",
    rule: "=> protocol = rest",
    force: true,
    consumer: `${C}?preferred.protocol=rest`,
    providers: [P("10.0.0.1", "?preferred.protocol=tri"), P("10.0.0.2")],
    v27: [],
    v3: [0, 1],
  },
  {
    name: "RpcUtils.getMethodName: a generic call whose first argument is null is matched as $invoke",
    rule: "method = $invoke => host = 10.0.0.1",
    force: true,
    consumer: C,
    invocation: { method: "$invoke", arguments: [null, "x"] },
    providers: [P("10.0.0.1"), P("10.0.0.2")],
    v27: [0],
    v3: [0],
  },
  {
    name: "URL.valueOf (2.7.23): a consumer's k= is an empty value, not the name as parseDecodedStr would have it",
    rule: "empty = empty => host = 10.0.0.1",
    force: true,
    consumer: `${C}?empty=&application=x`,
    providers: [P("10.0.0.1"), P("10.0.0.2")],
    v27: [0, 1],
    v3: [0, 1],
  },
  {
    name: "URL.valueOf (2.7.23): a consumer's user info needs no ':'",
    rule: "=> host = 10.0.0.1",
    force: true,
    consumer: "consumer://u@1.1.1.1/com.foo.BarService",
    providers: [P("10.0.0.1"), P("10.0.0.2")],
    v27: [0],
    v3: [0],
  },
];
