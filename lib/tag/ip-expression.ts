import { javaTrim } from "../routing/parse/java-text";
import { inetValue, javaInet, type JavaInet } from "./java-inet";

/**
 * `NetUtils.matchIpExpression(pattern, host, port)` of Dubbo 2.7.23 and 3.3 (identical in
 * both): whether a tag rule's address entry names a provider at `host:port`.
 * - `a.b.c.d/n` (any entry with `/`): CIDRUtils, the port ignored;
 * - `*` and `*.*.*.*`: everyone;
 * - otherwise the host is an IPv4 host only when it is not loopback, `0.0.0.0` or
 *   `127.0.0.1` (isValidV4Address); for an IPv4 host `host:port` names a port, for any
 *   other `[v6]:port`. Loopback providers are therefore matched as IPv6 hosts, and an
 *   entry such as `127.0.0.1` or `127.0.0.1:20880` never names them (Java throws "The host
 *   is ipv6, but the pattern is not ipv6 pattern").
 * - segments: `*`, `n-m` ranges (decimal for v4, hex for v6), `0`…`0000` for a zero.
 * Throws {@link IpExpressionError} where Java throws (the tag router logs it and skips the
 * entry) and UnresolvedHostError where Java would ask DNS.
 */
export class IpExpressionError extends Error {
  override readonly name = "IpExpressionError";
}

export function matchIpExpression(pattern: string, host: string, port: number): boolean {
  if (pattern.includes("/")) return inCidr(pattern, host);
  return matchIpRange(pattern, host, port);
}

function inCidr(cidr: string, host: string): boolean {
  const slash = cidr.indexOf("/");
  const base = javaInet(cidr.slice(0, slash));
  const prefix = javaParseInt(cidr.slice(slash + 1), 10);
  const size = BigInt(base.bytes.length * 8);
  const all = (1n << size) - 1n;
  // BigInteger(all).not().shiftRight(prefix): an arithmetic shift, a negative count shifts left.
  const mask = ~all >> BigInt(prefix);
  const start = inetValue(base) & mask;
  // toBytes keeps the address's own width.
  const end = (start + ~mask) & all;
  const target = inetValue(javaInet(host));
  return start <= target && target <= end;
}

function matchIpRange(rawPattern: string, host: string, port: number): boolean {
  let pattern = javaTrim(rawPattern);
  if (pattern === "*.*.*.*" || pattern === "*") return true;
  const address = javaInet(host);
  const isIpv4 = validV4(address);
  const [patternHost, patternPort] = patternHostAndPort(pattern, isIpv4);
  if (patternPort !== null && patternPort !== String(port)) return false;
  pattern = patternHost;
  const split = isIpv4 ? "." : ":";
  const mask = javaSplit(pattern, split);
  checkHostPattern(pattern, mask, isIpv4);
  const hostAddress = address.hostAddress;
  if (pattern === hostAddress) return true;
  if (!hasExpression(pattern)) return javaInet(pattern).hostAddress === hostAddress;
  const ip = hostAddress.split(split);
  for (let i = 0; i < mask.length; i++) {
    const m = mask[i]!;
    const part = ip[i];
    if (part === undefined) throw new IpExpressionError(`${JSON.stringify(rawPattern)} has more segments than ${hostAddress}`);
    if (m === "*" || m === part) continue;
    if (m.includes("-")) {
      const range = m.split("-");
      if (range.length !== 2) throw new IpExpressionError(`There is wrong format of ip Address: ${m}`);
      const radix = isIpv4 ? 10 : 16;
      const min = javaParseInt(range[0]!, radix);
      const max = javaParseInt(range[1]!, radix);
      const n = javaParseInt(part, radix);
      if (n < min || n > max) return false;
    } else if (part === "0" && (m === "0" || m === "00" || m === "000" || m === "0000")) {
      continue;
    } else {
      return false;
    }
  }
  return true;
}

/** NetUtils.isValidV4Address: an IPv4, not loopback, not 0.0.0.0 (IP_PATTERN holds for any dotted quad). */
function validV4(a: JavaInet): boolean {
  return a.bytes.length === 4 && !a.loopback && a.hostAddress !== "0.0.0.0" && a.hostAddress !== "127.0.0.1";
}

function patternHostAndPort(pattern: string, isIpv4: boolean): [string, string | null] {
  if (pattern.startsWith("[") && pattern.includes("]:")) {
    const end = pattern.indexOf("]:");
    return [pattern.slice(1, end), pattern.slice(end + 2)];
  }
  if (pattern.startsWith("[") && pattern.endsWith("]")) return [pattern.slice(1, -1), null];
  if (isIpv4 && pattern.includes(":")) {
    const end = pattern.indexOf(":");
    return [pattern.slice(0, end), pattern.slice(end + 1)];
  }
  return [pattern, null];
}

function hasExpression(pattern: string): boolean {
  return pattern.includes("*") || pattern.includes("-");
}

function checkHostPattern(pattern: string, mask: readonly string[], isIpv4: boolean): void {
  if (!isIpv4) {
    if (mask.length !== 8 && hasExpression(pattern)) throw new IpExpressionError("If you config ip expression that contains '*' or '-', please fill qualified ip pattern like 234e:0:4567:0:0:0:3d:*. ");
    if (mask.length !== 8 && !pattern.includes("::")) throw new IpExpressionError(`The host is ipv6, but the pattern is not ipv6 pattern : ${pattern}`);
  } else if (mask.length !== 4) {
    throw new IpExpressionError(`The host is ipv4, but the pattern is not ipv4 pattern : ${pattern}`);
  }
}

/** `String.split(regex)` for a one-character literal: trailing empty strings removed (an empty input gives [""]). */
function javaSplit(s: string, sep: string): string[] {
  const parts = s.split(sep);
  if (s === "") return [""];
  while (parts.length > 0 && parts[parts.length - 1] === "") parts.pop();
  return parts;
}

/** `Integer.parseInt(s, radix)`: a sign, then digits; anything else or out of int range throws. */
function javaParseInt(s: string, radix: 10 | 16): number {
  const digits = radix === 10 ? /^[+-]?\d+$/ : /^[+-]?[0-9a-fA-F]+$/;
  if (!digits.test(s)) throw new IpExpressionError(`For input string: "${s}"`);
  const n = parseInt(s, radix);
  if (n > 2147483647 || n < -2147483648) throw new IpExpressionError(`For input string: "${s}"`);
  return n;
}

export type { JavaInet };
