/**
 * The one spelling of a host, so that two spellings of one address compare equal and what
 * is checked is what is connected to. Pure: no lookups, ever (a name is only a name).
 *
 * IPv4 is read the way the operating system reads it (inet_aton, which getaddrinfo and so
 * `net.connect` fall back on): one to four parts, each decimal, octal (a leading `0`) or
 * hexadecimal (`0x`), the last part filling the bytes left, so `127.0.0.1`, `127.1`,
 * `0x7f000001`, `2130706433` and `0177.0.0.1` are all `127.0.0.1`. A part whose octal and
 * decimal readings differ (`010`, `08`) is ambiguous (other parsers read it otherwise) and
 * refused. IPv6 (bracketed or not) is written as the WHATWG URL parser writes it
 * (lower case, zeros compressed). Anything else is a name, lower-cased.
 */

/** A host in its one spelling, or why it has none. */
export type CanonicalHost =
  | { readonly kind: "ipv4"; readonly host: string; /** The address as a 32-bit unsigned number. */ readonly value: number }
  | { readonly kind: "ipv6"; readonly host: string }
  | { readonly kind: "name"; readonly host: string }
  | { readonly kind: "ambiguous"; readonly reason: string };

const PART_LIMITS = [[], [2 ** 32], [2 ** 8, 2 ** 24], [2 ** 8, 2 ** 8, 2 ** 16], [2 ** 8, 2 ** 8, 2 ** 8, 2 ** 8]] as const;

/** The canonical form of `text` (a URL's host: `[v6]` brackets allowed). */
export function canonicalHost(text: string): CanonicalHost {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  if (bare.includes(":")) return ipv6(bare);
  const v4 = ipv4(bare);
  if (v4 !== null) return v4;
  return { kind: "name", host: bare.toLowerCase() };
}

/** `host:port` of a canonical host (IPv6 in brackets), as the connection pool keys addresses. */
export function canonicalAddress(host: CanonicalHost & { host: string }, port: number): string {
  return host.kind === "ipv6" ? `[${host.host}]:${port}` : `${host.host}:${port}`;
}

/** The dotted quad of a 32-bit value. */
export function dottedQuad(value: number): string {
  return [24, 16, 8, 0].map((shift) => (value >>> shift) & 0xff).join(".");
}

function ipv6(bare: string): CanonicalHost {
  try {
    const hostname = new URL(`http://[${bare}]/`).hostname;
    return { kind: "ipv6", host: hostname.slice(1, -1) };
  } catch {
    return { kind: "ambiguous", reason: `"${bare}" is not an IPv6 address` };
  }
}

/** An IPv4 spelling read as inet_aton does; null when `bare` is not one (then it is a name). */
function ipv4(bare: string): CanonicalHost | null {
  const parts = bare.split(".");
  if (parts.length > 4 || parts.some((p) => !/^(0x[0-9a-f]*|[0-9]+)$/i.test(p))) return null;
  const limits = PART_LIMITS[parts.length] as readonly number[];
  let value = 0;
  for (const [i, part] of parts.entries()) {
    const read = readPart(part);
    if (typeof read === "string") return { kind: "ambiguous", reason: `"${bare}": ${read}; write the address as four decimal numbers (a.b.c.d)` };
    if (read >= limits[i]!) return { kind: "ambiguous", reason: `"${bare}": the part "${part}" is out of range` };
    const remaining = limits.slice(i + 1).reduce((a, b) => a * b, 1);
    value += read * remaining;
  }
  return { kind: "ipv4", host: dottedQuad(value), value };
}

/** A part's value, or why it is ambiguous. */
function readPart(part: string): number | string {
  if (/^0x/i.test(part)) return part.length === 2 ? "an empty hexadecimal part" : parseInt(part.slice(2), 16);
  if (part.length > 1 && part.startsWith("0")) {
    if (!/^[0-7]+$/.test(part)) return `"${part}" has a leading zero but is not octal`;
    const octal = parseInt(part, 8);
    if (octal !== parseInt(part, 10)) return `"${part}" reads as ${octal} in octal and ${parseInt(part, 10)} in decimal`;
    return octal;
  }
  return parseInt(part, 10);
}
