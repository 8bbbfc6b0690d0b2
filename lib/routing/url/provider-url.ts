import { javaUrlEncode } from "../../dubbo/url";
import { parseNodeParams, readsAsDecoded } from "./node-params";
import { checkSide, javaUrlOf, parseJavaInt, parseJavaUrlBody, splitUrlHead, type JavaUrl, type JavaUrlBody } from "./route-url";
import type { DubboRelease } from "../../dubbo/dubbo-release";
import { fixedParams, queryParams, type UrlParams } from "./url-params";

/**
 * A provider URL as a consumer of each semantics builds it from the registry node, before
 * its directory merges anything in (merged-provider-url.ts, service-address-url.ts).
 *
 * The input is the decoded URL string the registry view shows: the node name (which Java
 * providers write as `URL.encode(url.toFullString())`) decoded once. A consumer is handed
 * the encoded name itself, so the URL it builds is what its parser makes of
 * `URL.encode(decoded)`, the node a Java provider writes for that URL; both the route
 * oracle (test/peers) and this file read a provider string that way:
 * - 2.7.23: `ZookeeperRegistry.toUrlsWithoutEmpty` calls `URLStrParser.parseEncodedStr` on
 *   the name: the body as `parseDecodedStr` reads it, the parameters as node-params.ts says.
 * - 3.3: `CacheableFailbackRegistry.toUrlsWithoutEmpty` first strips `timestamp` and `pid`
 *   from the encoded name (`stripOffVariableKeys`), then `createURL` splits it at the
 *   encoded `?`: without one, `DubboServiceAddressURL.valueOf` parses it whole (no
 *   parameters, so no `check`); with one, `URLAddress.parse` reads the address its own way
 *   and `URLParam.parse` the parameters, with `check=false` put over them.
 */
export function parseProviderUrl(decoded: string, semantics: DubboRelease): JavaUrl {
  return semantics === "2.7" ? parse27(decoded) : parse3(decoded);
}

function parse27(decoded: string): JavaUrl {
  return javaUrlOf(decoded, "2.7", parseJavaUrlBody(decoded, "2.7"), nodeParams(decoded, "2.7"));
}

/** The `check=false` 3.3's registry adds to every provider URL that has parameters (`extraParameters`). */
const EXTRA_PARAMETERS: Readonly<Record<string, string>> = { check: "false" };

function parse3(decoded: string): JavaUrl {
  const raw = stripVariableKeys(decoded);
  const q = raw.indexOf("?");
  if (q < 0) return javaUrlOf(decoded, "3.x", parseJavaUrlBody(raw, "3.x"), fixedParams({}));
  const params = nodeParams(raw, "3.x", EXTRA_PARAMETERS);
  checkSide(decoded, params);
  return javaUrlOf(decoded, "3.x", parseServiceAddress(raw.slice(0, q), decoded), params);
}

/** The parameters of a node whose decoded name is `input`, as node-params.ts reads them. */
function nodeParams(input: string, semantics: DubboRelease, extra?: Readonly<Record<string, string>>): UrlParams {
  const q = input.indexOf("?");
  if (q < 0) return extra === undefined ? fixedParams({}) : fixedParams({ ...extra });
  if (readsAsDecoded(input, q + 1)) return queryParams(input, semantics, extra);
  const all = parseNodeParams(input, q + 1, semantics);
  return fixedParams(extra === undefined ? all : Object.assign(all, extra));
}

/** `URLStrParser.ENCODED_TIMESTAMP_KEY` and `ENCODED_PID_KEY`, decoded: `timestamp%3D`, `pid%3D`. */
const VARIABLE_KEYS = ["timestamp=", "pid="] as const;

/**
 * `CacheableFailbackRegistry.stripOffVariableKeys` (3.3), on the decoded name: for each key,
 * its first occurrence anywhere (so `rapid=1&x=2` loses `pid=1&` and reads `rax=2`) up to
 * and with the next `&` (`%26`; a `;` is not one), or to the end; then one trailing `&`
 * and one trailing `?`. Every marker it looks for is one char of the decoded name.
 */
export function stripVariableKeys(decoded: string): string {
  let raw = decoded;
  for (const key of VARIABLE_KEYS) {
    const start = raw.indexOf(key);
    if (start < 0) continue;
    const end = raw.indexOf("&", start);
    raw = end < 0 ? raw.slice(0, start) : raw.slice(0, start) + raw.slice(end + 1);
  }
  if (raw.endsWith("&")) raw = raw.slice(0, -1);
  if (raw.endsWith("?")) raw = raw.slice(0, -1);
  return raw;
}

/**
 * `URLAddress.parse` (3.3) of an address part: with a '/', `createPathURLAddress` (protocol
 * defaulting to `dubbo`, no `#` cut-off, user info at the last '@', and a host only when a
 * port follows it); without, `createURLAddress` (host and port alone).
 */
function parseServiceAddress(address: string, input: string): JavaUrlBody {
  if (!address.includes("/")) return plainAddress(address, input);
  const { protocol, path, username, password, rest } = splitUrlHead(address, input);
  const [host, port] = hostAndPort(rest, input, false);
  return { protocol: protocol ?? "dubbo", username, password, host, port, path };
}

/**
 * `createURLAddress`: a `URLAddress`, whose protocol, user, password and path read "" and
 * whose address is the raw (encoded) text. No ZooKeeper node reaches it (a name without an
 * encoded "://" is skipped), but a provider string given to a preview may.
 */
function plainAddress(address: string, input: string): JavaUrlBody {
  const [host, port] = hostAndPort(address, input, true);
  return { protocol: "", username: "", password: "", host, port, path: "", address: javaUrlEncode(address) };
}

/**
 * The port after the last ':' (unless an IPv6 scope `%` follows it) and the host before it;
 * otherwise no port, and the host is the whole text only for `createURLAddress` (`whole`).
 */
function hostAndPort(text: string, input: string, whole: boolean): [string | null, number] {
  const colon = text.lastIndexOf(":");
  if (colon >= 0 && colon < text.length - 1) {
    if (text.lastIndexOf("%") > colon) return [null, 0];
    return [text.slice(0, colon), Math.max(parseJavaInt(text.slice(colon + 1), input), 0)];
  }
  return [whole ? text : null, 0];
}
