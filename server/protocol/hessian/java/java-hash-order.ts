/**
 * The order a java.util.HashMap iterates its entries in, so that a map we write puts its
 * entries in the order Java would have: hessian-lite writes a HashMap (Dubbo's attachments,
 * a Map argument) by iterating it, and with the same order our bytes equal Java's.
 *
 * Mirrors java.util.HashMap (JDK 8+) filled by `put` one key at a time from `new HashMap()`:
 * the table starts at 16 buckets and doubles whenever the size passes 3/4 of it; a key's
 * bucket is `(n - 1) & (h ^ (h >>> 16))` for its hashCode `h`; iteration walks the buckets
 * in order, and each bucket in insertion order (a resize splits a bucket keeping that
 * order). Not modelled: tree bins (8 keys in one bucket), which never happen for the few
 * keys of an attachment map. Order is only a matter of bytes: any order means the same map.
 */

/** Java's String.hashCode over UTF-16 code units. */
export function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/** The hashCode Java gives a key, for the keys whose hash we know (String, Integer, Long, Boolean); else undefined. */
export function javaHashOf(key: unknown): number | undefined {
  if (typeof key === "string") return javaStringHash(key);
  if (typeof key === "number" && Number.isInteger(key) && (key | 0) === key) return key;
  if (typeof key === "bigint") return Number(BigInt.asIntN(32, key ^ (BigInt.asUintN(64, key) >> 32n)));
  if (typeof key === "boolean") return key ? 1231 : 1237;
  return undefined;
}

/**
 * `entries` in the order a HashMap filled with them (in this order, duplicates already
 * removed) iterates them. Returns `entries` itself when some key's hash is unknown.
 */
export function inJavaHashOrder<K, V>(entries: readonly (readonly [K, V])[]): readonly (readonly [K, V])[] {
  if (entries.length < 2) return entries;
  const hashes: number[] = [];
  for (const [key] of entries) {
    const h = javaHashOf(key);
    if (h === undefined) return entries;
    hashes.push(h ^ (h >>> 16));
  }
  let capacity = 16;
  while (entries.length > capacity * 0.75) capacity *= 2;
  const mask = capacity - 1;
  return entries
    .map((entry, i) => ({ entry, bucket: hashes[i]! & mask, i }))
    .sort((a, b) => a.bucket - b.bucket || a.i - b.i)
    .map((e) => e.entry);
}
