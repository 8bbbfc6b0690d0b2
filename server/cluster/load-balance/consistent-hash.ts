import { createHash } from "node:crypto";
import { urlAddress } from "@/lib/dubbo/url";
import { InvalidParameterError } from "../cluster-errors";
import type { Invocation, Invoker } from "../invoker";
import { javaStringOf } from "../java-string";
import { identityString, javaInt, methodIntParam, methodParam, serviceKeyOf } from "../directory/url-parameters";
import { AbstractLoadBalance } from "./load-balance";

/** `hash.nodes` default: virtual nodes per provider (taken four per md5 digest). */
export const DEFAULT_HASH_NODES = 160;
/** `OVERLOAD_RATIO_THREAD` (2.7.23 only): a provider holding this many times its share of calls is passed over. */
const OVERLOAD_RATIO = 1.5;

/**
 * `consistenthash` (ConsistentHashLoadBalance): ketama. Each provider owns `hash.nodes`
 * (160) points on a ring of 2^32: for i in 0 .. nodes/4 - 1, the md5 of `host:port` + i
 * gives four points, its bytes 4h..4h+3 read little-endian. A call goes to the first point
 * at or after the md5 (bytes 0..3) of its key, wrapping to the first; the key is the
 * `String.valueOf` of the arguments at `hash.arguments` (default "0") concatenated
 * (java-string.ts). A later provider's point replaces an equal earlier one (TreeMap.put).
 * Rings are kept per service and method, rebuilt when the provider list changes.
 *
 * 2.7.23 bounds the load: from the key's point it walks on past any provider that has
 * served at least 1.5x the average of the calls this ring has seen, and counts the call.
 */
export class ConsistentHashLoadBalance extends AbstractLoadBalance {
  readonly name = "consistenthash";
  private readonly rings = new Map<string, Ring>();

  protected doSelect(invokers: readonly Invoker[], invocation: Invocation): Invoker {
    const key = `${serviceKeyOf(invokers[0]!.url)}.${invocation.method}`;
    const identity = invokers.map((i) => `${identityString(i.url)}|${i.address}`).join("\n");
    let ring = this.rings.get(key);
    if (ring === undefined || ring.identity !== identity) {
      ring = this.buildRing(invokers, invocation.method, identity);
      this.rings.set(key, ring);
    }
    const point = ringHash(md5(hashKey(invocation, ring.argumentIndex)), 0);
    let at = ceilingIndex(ring.points, point);
    if (this.ctx.dialect === "2.7") at = ring.boundedLoad(at);
    return invokers[ring.owners[at]!]!;
  }

  private buildRing(invokers: readonly Invoker[], method: string, identity: string): Ring {
    const first = invokers[0]!.url;
    const replicas = methodIntParam(first, method, "hash.nodes", DEFAULT_HASH_NODES, this.ctx.dialect);
    const argumentIndex = hashArguments(methodParam(first, method, "hash.arguments", this.ctx.dialect) ?? "0");
    const owner = new Map<number, number>();
    invokers.forEach((invoker, index) => {
      const address = urlAddress(invoker.url);
      for (let i = 0; i < Math.trunc(replicas / 4); i++) {
        const digest = md5(address + i);
        for (let h = 0; h < 4; h++) owner.set(ringHash(digest, h), index);
      }
    });
    const points = [...owner.keys()].sort((a, b) => a - b);
    // Java's ring is empty too, and its select fails with a NullPointerException.
    if (points.length === 0) throw new InvalidParameterError("hash.nodes", String(replicas), "fewer than 4 virtual nodes leave the ring empty");
    return new Ring(identity, argumentIndex, points, points.map((p) => owner.get(p)!), invokers.map((i) => urlAddress(i.url)));
  }
}

/** One service method's ring: points ascending, the invoker index owning each. */
class Ring {
  private readonly served = new Map<string, number>();
  private total = 0;

  constructor(
    readonly identity: string,
    readonly argumentIndex: readonly number[],
    readonly points: readonly number[],
    readonly owners: readonly number[],
    private readonly addresses: readonly string[],
  ) {}

  /** 2.7.23's selectForKey after the ceiling: skips overloaded providers, then counts the call. */
  boundedLoad(from: number): number {
    // `serverCount` is the number of invokers, even when two share an address.
    const threshold = (this.total / this.addresses.length) * OVERLOAD_RATIO;
    let at = from;
    for (let address = this.addressAt(at); (this.served.get(address) ?? -1) >= threshold; address = this.addressAt(at)) {
      at = (at + 1) % this.points.length;
    }
    const address = this.addressAt(at);
    this.served.set(address, (this.served.get(address) ?? 0) + 1);
    this.total++;
    return at;
  }

  private addressAt(at: number): string {
    return this.addresses[this.owners[at]!]!;
  }
}

/** The key of a call: `String.valueOf` of each argument at the indexes (in range) concatenated; "null" for null. */
function hashKey(invocation: Invocation, indexes: readonly number[]): string {
  let key = "";
  for (const i of indexes) {
    if (i >= 0 && i < invocation.args.length) key += javaStringOf(invocation.args[i], invocation.parameterTypes[i])?.text ?? "null";
  }
  return key;
}

/** `COMMA_SPLIT_PATTERN.split(value)` (`\s*[,]+\s*`, trailing empty parts dropped), each part `Integer.parseInt`. */
function hashArguments(value: string): number[] {
  const parts = value.split(/\s*,+\s*/);
  while (parts.length > 1 && parts.at(-1) === "") parts.pop();
  return parts.map((p) => {
    try {
      return javaInt("hash.arguments", p);
    } catch {
      throw new InvalidParameterError("hash.arguments", value, `"${p}" is not an argument index`);
    }
  });
}

/** `Bytes.getMD5(str)`: md5 of the string's UTF-8 bytes. */
function md5(text: string): Buffer {
  return createHash("md5").update(text, "utf8").digest();
}

/** `hash(digest, number)`: bytes 4n..4n+3, little-endian, as an unsigned 32-bit number. */
function ringHash(digest: Buffer, number: number): number {
  return digest.readUInt32LE(number * 4);
}

/** The index of the first point at or after `hash`, wrapping to 0 (TreeMap.ceilingEntry, else firstEntry). */
function ceilingIndex(points: readonly number[], hash: number): number {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (points[mid]! < hash) lo = mid + 1;
    else hi = mid;
  }
  return lo === points.length ? 0 : lo;
}
