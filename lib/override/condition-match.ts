import type { DubboUrl } from "../dubbo/url";
import { urlAddress } from "../dubbo/url";
import { serviceKeyOfUrl } from "./url-access";

/**
 * The `match` of a v3.0/v3.1 configurator item (3.3.6 ConditionMatch with the mesh rule's
 * AddressMatch, ListStringMatch, StringMatch and ParamMatch). Only 3.x reads it, and only
 * for a rule whose configVersion starts with `v3.0` (AbstractConfigurator.configureIfMatch).
 */
export interface ConditionMatch {
  readonly address?: AddressMatch;
  readonly providerAddress?: AddressMatch;
  readonly service?: ListStringMatch;
  readonly app?: ListStringMatch;
  readonly param?: readonly ParamMatch[];
}

export interface AddressMatch {
  readonly wildcard?: string;
  readonly cird?: string;
  readonly exact?: string;
}

export interface StringMatch {
  readonly exact?: string;
  readonly prefix?: string;
  readonly regex?: string;
  readonly noempty?: string;
  readonly empty?: string;
  readonly wildcard?: string;
}

export interface ListStringMatch {
  readonly oneof: readonly StringMatch[];
}

export interface ParamMatch {
  readonly key?: string;
  readonly value?: StringMatch;
}

/** ConditionMatch.isMatch: `host` is the address the rule's host was checked against. */
export function conditionMatches(m: ConditionMatch, host: string, url: DubboUrl): boolean {
  if (m.address && !addressMatches(m.address, host)) return false;
  if (m.providerAddress && !addressMatches(m.providerAddress, urlAddress(url))) return false;
  if (m.service && !listMatches(m.service, serviceKeyOfUrl(url))) return false;
  if (m.app && !listMatches(m.app, url.parameters.application)) return false;
  for (const p of m.param ?? []) {
    if (p.key === undefined || p.value === undefined) return false;
    if (!stringMatches(p.value, Object.hasOwn(url.parameters, p.key) ? url.parameters[p.key] : undefined)) return false;
  }
  return true;
}

/** AddressMatch.isMatch: cird (equal, or an IPv4 CIDR holding it), then wildcard (`*`, `0.0.0.0` or a glob), then exact. */
export function addressMatches(m: AddressMatch, input: string | undefined): boolean {
  if (m.cird !== undefined && input !== undefined) return input === m.cird || inCidr(m.cird, input);
  if (m.wildcard !== undefined && input !== undefined) return m.wildcard === "0.0.0.0" || m.wildcard === "*" || globMatches(m.wildcard, input);
  if (m.exact !== undefined && input !== undefined) return input === m.exact;
  return false;
}

/** ListStringMatch.isMatch: any of `oneof`. */
export function listMatches(m: ListStringMatch, input: string | undefined): boolean {
  return m.oneof.some((s) => stringMatches(s, input));
}

/** StringMatch.isMatch: the first field set decides (exact, prefix, regex, wildcard, empty, noempty). */
export function stringMatches(m: StringMatch, input: string | undefined): boolean {
  if (m.exact !== undefined && input !== undefined) return input === m.exact;
  if (m.prefix !== undefined && input !== undefined) return input.startsWith(m.prefix);
  if (m.regex !== undefined && input !== undefined) return javaMatches(m.regex, input);
  if (m.wildcard !== undefined && input !== undefined) return input === m.wildcard || m.wildcard === "*";
  if (m.empty !== undefined) return input === undefined || input === "";
  if (m.noempty !== undefined) return input !== undefined && input.length > 0;
  return false;
}

/** `String.matches`: the whole input; a pattern JavaScript cannot compile matches nothing. */
function javaMatches(regex: string, input: string): boolean {
  try {
    return new RegExp(`^(?:${regex})$`, "u").test(input);
  } catch {
    return false;
  }
}

/** UrlUtils.isMatchGlobPattern without `$` references: one `*` at the start, end or middle. */
export function globMatches(pattern: string, value: string): boolean {
  if (pattern === "*") return true;
  if (pattern === "" || value === "") return pattern === "" && value === "";
  const i = pattern.lastIndexOf("*");
  if (i === -1) return value === pattern;
  if (i === pattern.length - 1) return value.startsWith(pattern.slice(0, i));
  if (i === 0) return value.endsWith(pattern.slice(1));
  return value.startsWith(pattern.slice(0, i)) && value.endsWith(pattern.slice(i + 1));
}

/** NetUtils.matchIpExpression for an IPv4 `a.b.c.d/n` against a host (a `:port` on the input is ignored). */
function inCidr(cidr: string, input: string): boolean {
  const [base, bitsText] = cidr.split("/");
  if (base === undefined || bitsText === undefined) return false;
  const bits = Number(bitsText);
  const a = ipv4(base);
  const b = ipv4(input.split(":")[0] ?? "");
  if (a === null || b === null || !Number.isInteger(bits) || bits < 0 || bits > 32) return false;
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (a & mask) >>> 0 === (b & mask) >>> 0;
}

function ipv4(s: string): number | null {
  const parts = s.split(".");
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return parts.reduce((n, p) => ((n << 8) | Number(p)) >>> 0, 0);
}
