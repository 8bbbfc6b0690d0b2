import { HpackError } from "@/server/protocol/triple/h2/hpack-error";

/**
 * HPACK's Huffman code (RFC 7541 §5.2, Appendix B) for string literals with the H bit. Strings
 * are octets: a JS string here holds one char per octet (latin1), as header names and values do.
 */

/** The code of each symbol 0..255 and EOS (256): [code, its length in bits], most significant bit first. */
const CODES: ReadonlyArray<readonly [code: number, bits: number]> = [
  [0x1ff8, 13], [0x7fffd8, 23], [0xfffffe2, 28], [0xfffffe3, 28], // 0-3
  [0xfffffe4, 28], [0xfffffe5, 28], [0xfffffe6, 28], [0xfffffe7, 28], // 4-7
  [0xfffffe8, 28], [0xffffea, 24], [0x3ffffffc, 30], [0xfffffe9, 28], // 8-11
  [0xfffffea, 28], [0x3ffffffd, 30], [0xfffffeb, 28], [0xfffffec, 28], // 12-15
  [0xfffffed, 28], [0xfffffee, 28], [0xfffffef, 28], [0xffffff0, 28], // 16-19
  [0xffffff1, 28], [0xffffff2, 28], [0x3ffffffe, 30], [0xffffff3, 28], // 20-23
  [0xffffff4, 28], [0xffffff5, 28], [0xffffff6, 28], [0xffffff7, 28], // 24-27
  [0xffffff8, 28], [0xffffff9, 28], [0xffffffa, 28], [0xffffffb, 28], // 28-31
  [0x14, 6], [0x3f8, 10], [0x3f9, 10], [0xffa, 12], // 32-35
  [0x1ff9, 13], [0x15, 6], [0xf8, 8], [0x7fa, 11], // 36-39
  [0x3fa, 10], [0x3fb, 10], [0xf9, 8], [0x7fb, 11], // 40-43
  [0xfa, 8], [0x16, 6], [0x17, 6], [0x18, 6], // 44-47
  [0x0, 5], [0x1, 5], [0x2, 5], [0x19, 6], // 48-51
  [0x1a, 6], [0x1b, 6], [0x1c, 6], [0x1d, 6], // 52-55
  [0x1e, 6], [0x1f, 6], [0x5c, 7], [0xfb, 8], // 56-59
  [0x7ffc, 15], [0x20, 6], [0xffb, 12], [0x3fc, 10], // 60-63
  [0x1ffa, 13], [0x21, 6], [0x5d, 7], [0x5e, 7], // 64-67
  [0x5f, 7], [0x60, 7], [0x61, 7], [0x62, 7], // 68-71
  [0x63, 7], [0x64, 7], [0x65, 7], [0x66, 7], // 72-75
  [0x67, 7], [0x68, 7], [0x69, 7], [0x6a, 7], // 76-79
  [0x6b, 7], [0x6c, 7], [0x6d, 7], [0x6e, 7], // 80-83
  [0x6f, 7], [0x70, 7], [0x71, 7], [0x72, 7], // 84-87
  [0xfc, 8], [0x73, 7], [0xfd, 8], [0x1ffb, 13], // 88-91
  [0x7fff0, 19], [0x1ffc, 13], [0x3ffc, 14], [0x22, 6], // 92-95
  [0x7ffd, 15], [0x3, 5], [0x23, 6], [0x4, 5], // 96-99
  [0x24, 6], [0x5, 5], [0x25, 6], [0x26, 6], // 100-103
  [0x27, 6], [0x6, 5], [0x74, 7], [0x75, 7], // 104-107
  [0x28, 6], [0x29, 6], [0x2a, 6], [0x7, 5], // 108-111
  [0x2b, 6], [0x76, 7], [0x2c, 6], [0x8, 5], // 112-115
  [0x9, 5], [0x2d, 6], [0x77, 7], [0x78, 7], // 116-119
  [0x79, 7], [0x7a, 7], [0x7b, 7], [0x7ffe, 15], // 120-123
  [0x7fc, 11], [0x3ffd, 14], [0x1ffd, 13], [0xffffffc, 28], // 124-127
  [0xfffe6, 20], [0x3fffd2, 22], [0xfffe7, 20], [0xfffe8, 20], // 128-131
  [0x3fffd3, 22], [0x3fffd4, 22], [0x3fffd5, 22], [0x7fffd9, 23], // 132-135
  [0x3fffd6, 22], [0x7fffda, 23], [0x7fffdb, 23], [0x7fffdc, 23], // 136-139
  [0x7fffdd, 23], [0x7fffde, 23], [0xffffeb, 24], [0x7fffdf, 23], // 140-143
  [0xffffec, 24], [0xffffed, 24], [0x3fffd7, 22], [0x7fffe0, 23], // 144-147
  [0xffffee, 24], [0x7fffe1, 23], [0x7fffe2, 23], [0x7fffe3, 23], // 148-151
  [0x7fffe4, 23], [0x1fffdc, 21], [0x3fffd8, 22], [0x7fffe5, 23], // 152-155
  [0x3fffd9, 22], [0x7fffe6, 23], [0x7fffe7, 23], [0xffffef, 24], // 156-159
  [0x3fffda, 22], [0x1fffdd, 21], [0xfffe9, 20], [0x3fffdb, 22], // 160-163
  [0x3fffdc, 22], [0x7fffe8, 23], [0x7fffe9, 23], [0x1fffde, 21], // 164-167
  [0x7fffea, 23], [0x3fffdd, 22], [0x3fffde, 22], [0xfffff0, 24], // 168-171
  [0x1fffdf, 21], [0x3fffdf, 22], [0x7fffeb, 23], [0x7fffec, 23], // 172-175
  [0x1fffe0, 21], [0x1fffe1, 21], [0x3fffe0, 22], [0x1fffe2, 21], // 176-179
  [0x7fffed, 23], [0x3fffe1, 22], [0x7fffee, 23], [0x7fffef, 23], // 180-183
  [0xfffea, 20], [0x3fffe2, 22], [0x3fffe3, 22], [0x3fffe4, 22], // 184-187
  [0x7ffff0, 23], [0x3fffe5, 22], [0x3fffe6, 22], [0x7ffff1, 23], // 188-191
  [0x3ffffe0, 26], [0x3ffffe1, 26], [0xfffeb, 20], [0x7fff1, 19], // 192-195
  [0x3fffe7, 22], [0x7ffff2, 23], [0x3fffe8, 22], [0x1ffffec, 25], // 196-199
  [0x3ffffe2, 26], [0x3ffffe3, 26], [0x3ffffe4, 26], [0x7ffffde, 27], // 200-203
  [0x7ffffdf, 27], [0x3ffffe5, 26], [0xfffff1, 24], [0x1ffffed, 25], // 204-207
  [0x7fff2, 19], [0x1fffe3, 21], [0x3ffffe6, 26], [0x7ffffe0, 27], // 208-211
  [0x7ffffe1, 27], [0x3ffffe7, 26], [0x7ffffe2, 27], [0xfffff2, 24], // 212-215
  [0x1fffe4, 21], [0x1fffe5, 21], [0x3ffffe8, 26], [0x3ffffe9, 26], // 216-219
  [0xffffffd, 28], [0x7ffffe3, 27], [0x7ffffe4, 27], [0x7ffffe5, 27], // 220-223
  [0xfffec, 20], [0xfffff3, 24], [0xfffed, 20], [0x1fffe6, 21], // 224-227
  [0x3fffe9, 22], [0x1fffe7, 21], [0x1fffe8, 21], [0x7ffff3, 23], // 228-231
  [0x3fffea, 22], [0x3fffeb, 22], [0x1ffffee, 25], [0x1ffffef, 25], // 232-235
  [0xfffff4, 24], [0xfffff5, 24], [0x3ffffea, 26], [0x7ffff4, 23], // 236-239
  [0x3ffffeb, 26], [0x7ffffe6, 27], [0x3ffffec, 26], [0x3ffffed, 26], // 240-243
  [0x7ffffe7, 27], [0x7ffffe8, 27], [0x7ffffe9, 27], [0x7ffffea, 27], // 244-247
  [0x7ffffeb, 27], [0xffffffe, 28], [0x7ffffec, 27], [0x7ffffed, 27], // 248-251
  [0x7ffffee, 27], [0x7ffffef, 27], [0x7fffff0, 27], [0x3ffffee, 26], // 252-255
  [0x3fffffff, 30], // 256
];

const EOS = 256;

/*
 * The decoder is a state machine over 4-bit nibbles. A state is an inner node of the code tree
 * (0 is the root; there are 256 of them for 257 leaves). TRANSITIONS[state * 16 + nibble] packs
 * where the nibble leads: the next state (bits 0-7), the symbol completed on the way if any
 * (bits 8-15, with EMITS set; a nibble completes at most one, as no code is shorter than 5 bits),
 * or FAILS when the nibble reaches EOS, which a string must not contain (§5.2).
 */
const EMITS = 1 << 16;
const FAILS = 1 << 17;
const TRANSITIONS = new Uint32Array(256 * 16);
/**
 * How a string ending in each state ends: PADDED at the root or up to 7 bits down the all-ones
 * path (the start of EOS), the only padding §5.2 allows; TOO_LONG further down that path; any
 * other state (0) mid-symbol, with padding that is not the start of EOS.
 */
const ENDINGS = new Uint8Array(256);
const PADDED = 1;
const TOO_LONG = 2;

(function buildDecoder(): void {
  // children[node * 2 + bit]: an inner node (>= 0), a leaf as -(symbol + 1), or 0 where nothing hangs yet
  // (0 is the root, which is nobody's child).
  const children = new Int32Array(256 * 2);
  let nodes = 1;
  CODES.forEach(([code, bits], symbol) => {
    let node = 0;
    for (let shift = bits - 1; shift > 0; shift--) {
      const slot = node * 2 + ((code >>> shift) & 1);
      if (children[slot] === 0) children[slot] = nodes++;
      node = children[slot]!;
    }
    children[node * 2 + (code & 1)] = -(symbol + 1);
  });
  if (nodes !== 256) throw new Error(`HPACK Huffman: the code tree has ${nodes} inner nodes, not 256`);

  for (let state = 0; state < 256; state++) {
    for (let nibble = 0; nibble < 16; nibble++) {
      let node = state;
      let entry = 0;
      for (let shift = 3; shift >= 0; shift--) {
        const child = children[node * 2 + ((nibble >>> shift) & 1)]!;
        if (child >= 0) {
          node = child;
          continue;
        }
        const symbol = -child - 1;
        if (symbol === EOS) {
          entry |= FAILS;
          break;
        }
        entry |= EMITS | (symbol << 8);
        node = 0;
      }
      TRANSITIONS[state * 16 + nibble] = entry | node;
    }
  }
  // EOS is 30 1s: inner nodes hang at depths 0..29 of the all-ones path.
  for (let depth = 0, node = 0; depth < 30; depth++, node = children[node * 2 + 1]!) ENDINGS[node] = depth <= 7 ? PADDED : TOO_LONG;
})();

/** Scratch for the decoded octets, grown as needed (decoding is synchronous, so one suffices). */
let scratch = Buffer.allocUnsafe(256);

/**
 * Decodes a Huffman-coded string literal (§5.2) to a latin1 string (one char per octet).
 * @throws HpackError for padding over 7 bits, padding that is not the start of EOS, or EOS in the string.
 */
export function huffmanDecode(bytes: Uint8Array): string {
  // The shortest code is 5 bits, so n octets hold at most 8n/5 symbols.
  const most = Math.floor((bytes.length * 8) / 5);
  if (scratch.length < most) scratch = Buffer.allocUnsafe(Math.max(most, scratch.length * 2));
  const out = scratch;
  let length = 0;
  let state = 0;
  for (let i = 0; i < bytes.length; i++) {
    const octet = bytes[i]!;
    let entry = TRANSITIONS[(state << 4) | (octet >>> 4)]!;
    if (entry & FAILS) throw new HpackError(`HPACK: EOS inside a Huffman-coded string (octet ${i})`);
    if (entry & EMITS) out[length++] = (entry >>> 8) & 0xff;
    entry = TRANSITIONS[((entry & 0xff) << 4) | (octet & 0x0f)]!;
    if (entry & FAILS) throw new HpackError(`HPACK: EOS inside a Huffman-coded string (octet ${i})`);
    if (entry & EMITS) out[length++] = (entry >>> 8) & 0xff;
    state = entry & 0xff;
  }
  const ending = ENDINGS[state];
  if (ending === TOO_LONG) throw new HpackError("HPACK: a Huffman-coded string ends in padding over 7 bits");
  if (ending !== PADDED) throw new HpackError("HPACK: a Huffman-coded string ends in padding that is not the start of EOS");
  return out.toString("latin1", 0, length);
}

function checkOctets(s: string): void {
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) > 0xff) throw new TypeError(`HPACK: char ${i} of a header string is U+${s.charCodeAt(i).toString(16).toUpperCase().padStart(4, "0")}, over 0xFF (strings are latin1 octets)`);
  }
}

/** The length in octets of `s` (latin1) Huffman-coded, padding included (§5.2). @throws TypeError for a char over 0xFF. */
export function huffmanLength(s: string): number {
  checkOctets(s);
  let bits = 0;
  for (let i = 0; i < s.length; i++) bits += CODES[s.charCodeAt(i)]![1];
  return Math.ceil(bits / 8);
}

/** `s` (latin1) Huffman-coded, padded with the start of EOS to a whole octet (§5.2). @throws TypeError for a char over 0xFF. */
export function huffmanEncode(s: string): Buffer {
  const out = Buffer.allocUnsafe(huffmanLength(s));
  let at = 0;
  // acc holds the `pending` bits not yet written (fewer than 8 between symbols); with a code of up
  // to 30 bits that is under 2^38, exact in a double, so it is kept with arithmetic, not bitwise ops.
  let acc = 0;
  let pending = 0;
  for (let i = 0; i < s.length; i++) {
    const [code, bits] = CODES[s.charCodeAt(i)]!;
    acc = acc * 2 ** bits + code;
    pending += bits;
    while (pending >= 8) {
      pending -= 8;
      const high = Math.floor(acc / 2 ** pending);
      out[at++] = high;
      acc -= high * 2 ** pending;
    }
  }
  if (pending > 0) out[at++] = (acc << (8 - pending)) | (0xff >>> pending);
  return out;
}
