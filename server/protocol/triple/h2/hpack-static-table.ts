/**
 * HPACK's static table (RFC 7541 §2.3.1, Appendix A): 61 fields every HTTP/2 peer knows,
 * addressed by index 1..61 ahead of the dynamic table (§2.3.3).
 */
export const STATIC_TABLE: ReadonlyArray<readonly [name: string, value: string]> = [
  [":authority", ""],
  [":method", "GET"],
  [":method", "POST"],
  [":path", "/"],
  [":path", "/index.html"],
  [":scheme", "http"],
  [":scheme", "https"],
  [":status", "200"],
  [":status", "204"],
  [":status", "206"],
  [":status", "304"],
  [":status", "400"],
  [":status", "404"],
  [":status", "500"],
  ["accept-charset", ""],
  ["accept-encoding", "gzip, deflate"],
  ["accept-language", ""],
  ["accept-ranges", ""],
  ["accept", ""],
  ["access-control-allow-origin", ""],
  ["age", ""],
  ["allow", ""],
  ["authorization", ""],
  ["cache-control", ""],
  ["content-disposition", ""],
  ["content-encoding", ""],
  ["content-language", ""],
  ["content-length", ""],
  ["content-location", ""],
  ["content-range", ""],
  ["content-type", ""],
  ["cookie", ""],
  ["date", ""],
  ["etag", ""],
  ["expect", ""],
  ["expires", ""],
  ["from", ""],
  ["host", ""],
  ["if-match", ""],
  ["if-modified-since", ""],
  ["if-none-match", ""],
  ["if-range", ""],
  ["if-unmodified-since", ""],
  ["last-modified", ""],
  ["link", ""],
  ["location", ""],
  ["max-forwards", ""],
  ["proxy-authenticate", ""],
  ["proxy-authorization", ""],
  ["range", ""],
  ["referer", ""],
  ["refresh", ""],
  ["retry-after", ""],
  ["server", ""],
  ["set-cookie", ""],
  ["strict-transport-security", ""],
  ["transfer-encoding", ""],
  ["user-agent", ""],
  ["vary", ""],
  ["via", ""],
  ["www-authenticate", ""],
];

/** 61: the first dynamic table entry is index 62 (§2.3.3). */
export const STATIC_TABLE_LENGTH = STATIC_TABLE.length;

/** For each name: its lowest index, and the index of each value the table has for it. */
const BY_NAME: ReadonlyMap<string, { readonly index: number; readonly byValue: ReadonlyMap<string, number> }> = (() => {
  const byName = new Map<string, { index: number; byValue: Map<string, number> }>();
  STATIC_TABLE.forEach(([name, value], i) => {
    let slot = byName.get(name);
    if (slot === undefined) {
      slot = { index: i + 1, byValue: new Map() };
      byName.set(name, slot);
    }
    if (!slot.byValue.has(value)) slot.byValue.set(value, i + 1);
  });
  return byName;
})();

/** The lowest static index whose name is `name` (exact, case-sensitive), or undefined. */
export function staticNameIndex(name: string): number | undefined {
  return BY_NAME.get(name)?.index;
}

/** The static index of the field `name: value` exactly (e.g. `:method: POST` is 3), or undefined. */
export function staticFieldIndex(name: string, value: string): number | undefined {
  return BY_NAME.get(name)?.byValue.get(value);
}
