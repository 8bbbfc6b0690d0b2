import { UrlSyntaxError } from "../../dubbo/url";
import { javaTrim } from "../parse/java-text";
import { javaUrlOf, parseJavaInt, parseJavaUrl, splitUrlHead, type JavaUrl, type JavaUrlBody } from "./route-url";
import type { DubboRelease } from "../../dubbo/dubbo-release";
import { fixedParams } from "./url-params";

/**
 * The consumer URL a route is applied for, from the text given (a registered consumer as
 * the registry view shows it, or one typed in): what Java's `URL.valueOf(text)` makes of it,
 * as the route oracle does. A real consumer builds its URL from its reference's settings
 * and never parses one; `URL.valueOf` is how each version reads such a text.
 * - 3.3: `URL.valueOf` is `URLStrParser.parseDecodedStr` (route-url.ts).
 * - 2.7.23: `URL.valueOf` has a parser of its own: the text trimmed; parameters split on
 *   `&` and `;`, each trimmed, `k=` an empty value, `k` its own name, `=x` the empty name;
 *   user info taken at the last '@' (a user without ':' is fine, unlike parseDecodedStr).
 */
export function parseConsumerUrl(text: string, semantics: DubboRelease): JavaUrl {
  return semantics === "3.x" ? parseJavaUrl(text, "3.x") : valueOf27(text);
}

const DEFAULT_KEY_PREFIX = "default.";

function valueOf27(text: string): JavaUrl {
  const url = javaTrim(text);
  if (url.length === 0) throw new UrlSyntaxError(text, "url == null");
  const q = url.indexOf("?");
  const params: Record<string, string> = {};
  if (q >= 0) {
    for (const raw of url.slice(q + 1).split(/[&;]/)) {
      const part = javaTrim(raw);
      if (part.length === 0) continue;
      const eq = part.indexOf("=");
      const [key, value] = eq >= 0 ? [part.slice(0, eq), part.slice(eq + 1)] : [part, part];
      set(params, key, value);
      if (key.startsWith(DEFAULT_KEY_PREFIX) && !Object.hasOwn(params, key.slice(DEFAULT_KEY_PREFIX.length))) set(params, key.slice(DEFAULT_KEY_PREFIX.length), value);
    }
  }
  return javaUrlOf(text, "2.7", body27(q >= 0 ? url.slice(0, q) : url, text), fixedParams(params));
}

/** The body as 2.7.23's `URL.valueOf` reads it, step by step. */
function body27(whole: string, text: string): JavaUrlBody {
  const pound = whole.indexOf("#");
  const head = splitUrlHead(pound >= 0 ? whole.slice(0, pound) : whole, text);
  const { protocol, username, password, path } = head;
  let rest = head.rest;
  let port = 0;
  const colon = rest.lastIndexOf(":");
  if (colon >= 0 && colon < rest.length - 1 && !(rest.lastIndexOf("%") > colon)) {
    port = Math.max(parseJavaInt(rest.slice(colon + 1), text), 0);
    rest = rest.slice(0, colon);
  }
  return { protocol, username, password, host: rest.length > 0 ? rest : null, port, path };
}

/** `params.put(name, value)` as an own property, whatever the name (`__proto__` included). */
function set(params: Record<string, string>, name: string, value: string): void {
  Object.defineProperty(params, name, { value, writable: true, enumerable: true, configurable: true });
}
