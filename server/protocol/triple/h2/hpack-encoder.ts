import { staticFieldIndex, staticNameIndex } from "@/server/protocol/triple/h2/hpack-static-table";

/** The octets an integer takes with a prefix of `prefixBits` (RFC 7541 §5.1). */
function integerLength(value: number, prefixBits: number): number {
  const mask = (1 << prefixBits) - 1;
  if (value < mask) return 1;
  let length = 2;
  for (let rest = value - mask; rest >= 0x80; rest = Math.floor(rest / 0x80)) length++;
  return length;
}

/** Writes `value` at `at` after the `flags` (the bits above the prefix, §5.1); returns the next offset. */
function writeInteger(out: Buffer, at: number, flags: number, value: number, prefixBits: number): number {
  const mask = (1 << prefixBits) - 1;
  if (value < mask) {
    out[at++] = flags | value;
    return at;
  }
  out[at++] = flags | mask;
  let rest = value - mask;
  while (rest >= 0x80) {
    out[at++] = (rest % 0x80) | 0x80;
    rest = Math.floor(rest / 0x80);
  }
  out[at++] = rest;
  return at;
}

const NOT_LATIN1 = /[^\u0000-\u00ff]/;

function checkLatin1(s: string, what: string): void {
  const bad = NOT_LATIN1.exec(s);
  if (bad !== null) {
    throw new TypeError(`HPACK: the header ${what} has U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")} at char ${bad.index}; header strings are latin1 octets (0x00-0xFF)`);
  }
}

/**
 * A header block for `fields`, in order, that leaves the peer's dynamic table alone, so no
 * encoder state is kept: a field the static table has exactly (name and value) goes as an
 * indexed field (§6.1, e.g. `:method: POST` is 0x83); any other as a literal without indexing
 * (§6.2.2), naming the static entry when the name is there, with raw (not Huffman) strings (§5.2).
 *
 * Names are written as given (HTTP/2 wants them lowercase; that is the caller's part), and both
 * names and values are latin1 strings, one octet per char.
 * @throws TypeError for a char over 0xFF.
 */
export function encodeHeaderBlock(fields: ReadonlyArray<readonly [string, string]>): Buffer {
  // Two passes: the length, then the octets, into one buffer.
  let length = 0;
  for (const [name, value] of fields) {
    checkLatin1(name, `name "${name}"`);
    checkLatin1(value, `value of ${name}`);
    if (staticFieldIndex(name, value) !== undefined) {
      length += 1; // every static index is under 127
      continue;
    }
    const nameIndex = staticNameIndex(name);
    length += nameIndex === undefined ? 1 + integerLength(name.length, 7) + name.length : integerLength(nameIndex, 4);
    length += integerLength(value.length, 7) + value.length;
  }
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (const [name, value] of fields) {
    const fieldIndex = staticFieldIndex(name, value);
    if (fieldIndex !== undefined) {
      at = writeInteger(out, at, 0x80, fieldIndex, 7);
      continue;
    }
    const nameIndex = staticNameIndex(name);
    if (nameIndex === undefined) {
      out[at++] = 0x00;
      at = writeInteger(out, at, 0x00, name.length, 7);
      at += out.write(name, at, "latin1");
    } else {
      at = writeInteger(out, at, 0x00, nameIndex, 4);
    }
    at = writeInteger(out, at, 0x00, value.length, 7);
    at += out.write(value, at, "latin1");
  }
  return out;
}
