import { javaUrlEncode, UrlSyntaxError } from "../../dubbo/url";
import type { DubboRelease } from "../../dubbo/dubbo-release";

/**
 * The parameters of a registry node as a consumer reads them, from the node's decoded name.
 *
 * A consumer never sees the decoded string: it gets the child name, `URL.encode(url)` as
 * Java providers write it, and parses that with `URLStrParser.parseEncodedParams` (2.7.23
 * `ZookeeperRegistry.toUrlsWithoutEmpty` through `parseEncodedStr`; 3.3
 * `CacheableFailbackRegistry.createURL` through `URLParam.parse`). That parser walks the
 * encoded text assuming every separator takes three chars (`%26`, `%3D`), which is right
 * for a `name=value` segment, so it reads such segments as the decoded parser does, but
 * not for two others:
 * - a segment without `=` (`canary`): the name loses its last two encoded chars
 *   (`addParam` cuts at `valueStart - 3` with `valueStart = valueEnd + 1`), giving `cana`,
 *   or an "unterminated escape sequence" when the cut falls inside a `%XX`; its value is
 *   that name in 2.7, `""` in 3.3;
 * - a segment starting with `=` (`=x`): the name is `""` and the value what follows the
 *   first `=` (the decoded parser skips the leading `=` and reads `x`).
 */

const AMPERSAND = 38;
const SEMICOLON = 59;
const EQUALS = 61;
const DEFAULT_KEY_PREFIX = "default.";

/**
 * Whether the parameters of `input` (from `from`, its query) read the same encoded as
 * decoded: no segment lacks `=` or starts with it. Then lib/dubbo/url.ts's decoded parser
 * can read them one key at a time.
 */
export function readsAsDecoded(input: string, from: number): boolean {
  // By indexOf from segment to segment: a preview checks thousands of 500-char URLs.
  const length = input.length;
  let semicolon = input.indexOf(";", from);
  let equals = input.indexOf("=", from);
  for (let start = from; start < length; ) {
    let end = input.indexOf("&", start);
    if (end < 0) end = length;
    if (semicolon >= 0 && semicolon < end) {
      if (semicolon < start) semicolon = input.indexOf(";", start);
      if (semicolon >= 0 && semicolon < end) end = semicolon;
    }
    if (end > start) {
      if (input.charCodeAt(start) === EQUALS) return false;
      if (equals < start) equals = input.indexOf("=", start);
      if (equals < 0 || equals >= end) return false;
    }
    start = end + 1;
  }
  return true;
}

/**
 * `parseEncodedParams(URL.encode(input.slice(from)))` of `semantics`, segment by segment.
 * Throws {@link UrlSyntaxError} where Java throws (a cut inside an escape).
 */
export function parseNodeParams(input: string, from: number, semantics: DubboRelease): Record<string, string> {
  const params: Record<string, string> = {};
  let start = from;
  for (let i = from; i <= input.length; i++) {
    const c = i < input.length ? input.charCodeAt(i) : AMPERSAND;
    if (c !== AMPERSAND && c !== SEMICOLON) continue;
    if (i > start) addSegment(params, input, input.slice(start, i), semantics);
    start = i + 1;
  }
  return params;
}

function addSegment(params: Record<string, string>, input: string, segment: string, semantics: DubboRelease): void {
  const eq = segment.indexOf("=");
  const name = eq === 0 ? "" : eq > 0 ? segment.slice(0, eq) : cutName(segment, input);
  const given = eq >= 0 ? segment.slice(eq + 1) : "";
  // An empty value: 2.7's addParam gives the parameter its name as value, 3.3's gives "".
  const value = given !== "" ? given : semantics === "2.7" ? name : "";
  set(params, name, value);
  if (name.startsWith(DEFAULT_KEY_PREFIX)) {
    const bare = name.slice(DEFAULT_KEY_PREFIX.length);
    if (!Object.hasOwn(params, bare)) set(params, bare, value);
  }
}

/** The name of a valueless segment: its encoded text less two chars, decoded. */
function cutName(segment: string, input: string): string {
  const encoded = javaUrlEncode(segment);
  if (encoded.length <= 2) return "";
  const cut = encoded.slice(0, -2);
  if (/%[0-9A-F]?$/.test(cut)) {
    throw new UrlSyntaxError(input, `parameter "${segment}" has no value, and Dubbo's encoded-name parser then cuts its name inside an escape ("unterminated escape sequence")`);
  }
  return decodeURIComponent(cut.replaceAll("+", " "));
}

/** `params.put(name, value)` as an own property, whatever the name (`__proto__` included). */
function set(params: Record<string, string>, name: string, value: string): void {
  Object.defineProperty(params, name, { value, writable: true, enumerable: true, configurable: true });
}
