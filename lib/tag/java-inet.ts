/**
 * The part of Java's `InetAddress.getByName` a tag rule's address match can reach without
 * the network: IP literals. A name that is not a literal would make Java ask DNS; here it
 * is {@link UnresolvedHostError}, which the callers treat as Java treats an
 * `UnknownHostException` inside the match (logged, the entry skipped), and the preview says
 * the answer depends on DNS.
 */

/** A literal address as Java holds it. */
export interface JavaInet {
  /** 4 bytes (Inet4Address) or 16 (Inet6Address). */
  readonly bytes: Uint8Array;
  /** `getHostAddress()`: dotted quad, or eight lower-case hex groups without compression (and `%scope`). */
  readonly hostAddress: string;
  /** `isLoopbackAddress()`. */
  readonly loopback: boolean;
}

/** Java would resolve this name by DNS (or it is no address at all). */
export class UnresolvedHostError extends Error {
  override readonly name = "UnresolvedHostError";
  constructor(readonly host: string) {
    super(`${JSON.stringify(host)} is not an IP literal: Java would look it up by DNS`);
  }
}

const V4_PART = /^(?:0|[1-9]\d{0,2})$/;

/** `InetAddress.getByName(host)` for IP literals; `""` is the loopback address, as in Java. */
export function javaInet(host: string): JavaInet {
  if (host === "") return v4([127, 0, 0, 1]);
  let text = host;
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);
  else if (!text.includes(":")) {
    const parts = text.split(".");
    if (parts.length === 4 && parts.every((p) => V4_PART.test(p) && Number(p) <= 255)) return v4(parts.map(Number));
    throw new UnresolvedHostError(host);
  }
  const v6 = parseV6(text);
  if (v6 === null) throw new UnresolvedHostError(host);
  return v6;
}

function v4(parts: readonly number[]): JavaInet {
  return { bytes: Uint8Array.from(parts), hostAddress: parts.join("."), loopback: parts[0] === 127 };
}

/** An IPv6 literal (`::` once, an IPv4 tail, `%scope`); `::ffff:a.b.c.d` is an Inet4Address in Java. */
function parseV6(text: string): JavaInet | null {
  let scope = "";
  const pct = text.indexOf("%");
  if (pct >= 0) {
    scope = text.slice(pct + 1);
    text = text.slice(0, pct);
    if (!/^\d+$/.test(scope)) return null;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (s: string): number[] | null => {
    if (s === "") return [];
    const out: number[] = [];
    const parts = s.split(":");
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i]!;
      if (i === parts.length - 1 && p.includes(".")) {
        const q = p.split(".");
        if (q.length !== 4 || !q.every((x) => V4_PART.test(x) && Number(x) <= 255)) return null;
        const n = q.map(Number);
        out.push((n[0]! << 8) | n[1]!, (n[2]! << 8) | n[3]!);
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(p)) return null;
        out.push(parseInt(p, 16));
      }
    }
    return out;
  };
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (head === null || tail === null) return null;
  let all: number[];
  if (halves.length === 2) {
    if (head.length + tail.length > 7) return null;
    all = [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  } else {
    if (head.length !== 8) return null;
    all = head;
  }
  if (all.slice(0, 5).every((g) => g === 0) && all[5] === 0xffff && scope === "") return v4([all[6]! >> 8, all[6]! & 255, all[7]! >> 8, all[7]! & 255]);
  const bytes = new Uint8Array(16);
  all.forEach((g, i) => {
    bytes[2 * i] = g >> 8;
    bytes[2 * i + 1] = g & 255;
  });
  const loopback = all.slice(0, 7).every((g) => g === 0) && all[7] === 1;
  return { bytes, hostAddress: all.map((g) => g.toString(16)).join(":") + (scope === "" ? "" : `%${scope}`), loopback };
}

/** The address as an unsigned number (`new BigInteger(1, address.getAddress())`). */
export function inetValue(a: JavaInet): bigint {
  let n = 0n;
  for (const b of a.bytes) n = (n << 8n) | BigInt(b);
  return n;
}
