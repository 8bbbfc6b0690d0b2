import { once } from "node:events";
import http2 from "node:http2";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { CodecError } from "@/server/errors/transport-errors";
import { HpackDecoder, HpackError } from "@/server/protocol/triple/h2/hpack-decoder";
import { encodeHeaderBlock } from "@/server/protocol/triple/h2/hpack-encoder";
import { huffmanDecode, huffmanEncode, huffmanLength } from "@/server/protocol/triple/h2/hpack-huffman";
import { STATIC_TABLE, staticFieldIndex, staticNameIndex } from "@/server/protocol/triple/h2/hpack-static-table";

type Field = [name: string, value: string];

/** Bytes from a hex dump as the RFC prints them (spaces and line breaks ignored). */
function hex(dump: string): Buffer {
  return Buffer.from(dump.replace(/\s+/g, ""), "hex");
}

/**
 * The dynamic table as the RFC's examples list it, newest first with each entry's size, read
 * through indexed fields (62 and up), which leave the table as it is.
 */
function tableOf(decoder: HpackDecoder): Array<[name: string, value: string, size: number]> {
  const entries: Array<[string, string, number]> = [];
  for (let i = 0; i < decoder.dynamicTableLength; i++) {
    const [field] = decoder.decode(Buffer.from([0x80 | (62 + i)]));
    entries.push([field![0], field![1], field![0].length + field![1].length + 32]);
  }
  return entries;
}

/** Every octet 0..255 once, as a latin1 string. */
const ALL_OCTETS = String.fromCharCode(...Array.from({ length: 256 }, (_, i) => i));

describe("HPACK static table (RFC 7541 Appendix A)", () => {
  it("has the 61 entries, and finds names and exact fields", () => {
    expect(STATIC_TABLE).toHaveLength(61);
    expect(STATIC_TABLE[0]).toEqual([":authority", ""]);
    expect(STATIC_TABLE[60]).toEqual(["www-authenticate", ""]);
    expect(staticFieldIndex(":method", "POST")).toBe(3);
    expect(staticFieldIndex(":scheme", "http")).toBe(6);
    expect(staticFieldIndex(":status", "500")).toBe(14);
    expect(staticFieldIndex(":method", "PUT")).toBeUndefined();
    expect(staticNameIndex(":status")).toBe(8);
    expect(staticNameIndex("user-agent")).toBe(58);
    expect(staticNameIndex("User-Agent")).toBeUndefined();
  });
});

describe("HPACK Huffman code (RFC 7541 §5.2, Appendix B)", () => {
  it("round-trips every octet alone and all 256 in one string", () => {
    for (let octet = 0; octet < 256; octet++) {
      const s = String.fromCharCode(octet);
      const coded = huffmanEncode(s);
      expect(coded.length).toBe(huffmanLength(s));
      expect(huffmanDecode(coded)).toBe(s);
    }
    const coded = huffmanEncode(ALL_OCTETS);
    expect(coded.length).toBe(huffmanLength(ALL_OCTETS));
    expect(huffmanDecode(coded)).toBe(ALL_OCTETS);
    const reversed = [...ALL_OCTETS].reverse().join("").repeat(7);
    expect(huffmanDecode(huffmanEncode(reversed))).toBe(reversed);
    expect(huffmanDecode(Buffer.alloc(0))).toBe("");
  });

  it("encodes the strings of the RFC's examples (C.4, C.6) to the RFC's octets", () => {
    const examples: Array<[string, string]> = [
      ["www.example.com", "f1e3 c2e5 f23a 6ba0 ab90 f4ff"],
      ["no-cache", "a8eb 1064 9cbf"],
      ["custom-key", "25a8 49e9 5ba9 7d7f"],
      ["custom-value", "25a8 49e9 5bb8 e8b4 bf"],
      ["302", "6402"],
      ["307", "640e ff"],
      ["private", "aec3 771a 4b"],
      ["Mon, 21 Oct 2013 20:13:21 GMT", "d07a be94 1054 d444 a820 0595 040b 8166 e082 a62d 1bff"],
      ["Mon, 21 Oct 2013 20:13:22 GMT", "d07a be94 1054 d444 a820 0595 040b 8166 e084 a62d 1bff"],
      ["https://www.example.com", "9d29 ad17 1863 c78f 0b97 c8e9 ae82 ae43 d3"],
      ["gzip", "9bd9 ab"],
      [
        "foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1",
        "94e7 821d d7f2 e6c7 b335 dfdf cd5b 3960 d5af 2708 7f36 72c1 ab27 0fb5 291f 9587 3160 65c0 03ed 4ee5 b106 3d50 07",
      ],
    ];
    for (const [text, dump] of examples) {
      expect(huffmanEncode(text).toString("hex")).toBe(hex(dump).toString("hex"));
      expect(huffmanLength(text)).toBe(hex(dump).length);
      expect(huffmanDecode(hex(dump))).toBe(text);
    }
  });

  it("refuses bad padding and EOS (§5.2)", () => {
    // "a" is 00011: padded with 111 it is 0x1f.
    expect(huffmanDecode(Buffer.from([0x1f]))).toBe("a");
    // Padding of 0s instead of the start of EOS.
    expect(() => huffmanDecode(Buffer.from([0x18]))).toThrow(HpackError);
    expect(() => huffmanDecode(Buffer.from([0x18]))).toThrow(/not the start of EOS/);
    // Eleven bits of padding.
    expect(() => huffmanDecode(Buffer.from([0x1f, 0xff]))).toThrow(/over 7 bits/);
    // A whole octet of 1s, nothing else.
    expect(() => huffmanDecode(Buffer.from([0xff]))).toThrow(/over 7 bits/);
    // EOS is 30 1s.
    expect(() => huffmanDecode(Buffer.from([0xff, 0xff, 0xff, 0xff]))).toThrow(/EOS inside/);
    expect(() => huffmanDecode(Buffer.concat([huffmanEncode("ab"), Buffer.from([0xff, 0xff, 0xff, 0xfc])]))).toThrow(/EOS inside/);
  });

  it("refuses chars over 0xFF", () => {
    expect(() => huffmanEncode("\u0100")).toThrow(TypeError);
    expect(() => huffmanLength("ok\u20ac")).toThrow(/U\+20AC/);
  });
});

describe("HPACK decoder on RFC 7541 Appendix C", () => {
  it("decodes the literal representations of C.2", () => {
    const incremental = new HpackDecoder();
    expect(incremental.decode(hex("400a 6375 7374 6f6d 2d6b 6579 0d63 7573 746f 6d2d 6865 6164 6572"))).toEqual([["custom-key", "custom-header"]]);
    expect(tableOf(incremental)).toEqual([["custom-key", "custom-header", 55]]);
    expect(incremental.dynamicTableSize).toBe(55);

    const without = new HpackDecoder();
    expect(without.decode(hex("040c 2f73 616d 706c 652f 7061 7468"))).toEqual([[":path", "/sample/path"]]);
    expect(without.dynamicTableLength).toBe(0);

    const never = new HpackDecoder();
    expect(never.decode(hex("1008 7061 7373 776f 7264 0673 6563 7265 74"))).toEqual([["password", "secret"]]);
    expect(never.dynamicTableLength).toBe(0);

    const indexed = new HpackDecoder();
    expect(indexed.decode(hex("82"))).toEqual([[":method", "GET"]]);
    expect(indexed.dynamicTableLength).toBe(0);
  });

  const requests: Field[][] = [
    [[":method", "GET"], [":scheme", "http"], [":path", "/"], [":authority", "www.example.com"]],
    [[":method", "GET"], [":scheme", "http"], [":path", "/"], [":authority", "www.example.com"], ["cache-control", "no-cache"]],
    [[":method", "GET"], [":scheme", "https"], [":path", "/index.html"], [":authority", "www.example.com"], ["custom-key", "custom-value"]],
  ];
  const requestTables: Array<Array<[string, string, number]>> = [
    [[":authority", "www.example.com", 57]],
    [["cache-control", "no-cache", 53], [":authority", "www.example.com", 57]],
    [["custom-key", "custom-value", 54], ["cache-control", "no-cache", 53], [":authority", "www.example.com", 57]],
  ];
  const requestSizes = [57, 110, 164];

  it.each([
    ["C.3, without Huffman", ["8286 8441 0f77 7777 2e65 7861 6d70 6c65 2e63 6f6d", "8286 84be 5808 6e6f 2d63 6163 6865", "8287 85bf 400a 6375 7374 6f6d 2d6b 6579 0c63 7573 746f 6d2d 7661 6c75 65"]],
    ["C.4, with Huffman", ["8286 8441 8cf1 e3c2 e5f2 3a6b a0ab 90f4 ff", "8286 84be 5886 a8eb 1064 9cbf", "8287 85bf 4088 25a8 49e9 5ba9 7d7f 8925 a849 e95b b8e8 b4bf"]],
  ])("decodes the three requests of %s on one decoder", (_name, blocks) => {
    const decoder = new HpackDecoder();
    blocks.forEach((block, i) => {
      expect(decoder.decode(hex(block))).toEqual(requests[i]);
      expect(tableOf(decoder)).toEqual(requestTables[i]);
      expect(decoder.dynamicTableSize).toBe(requestSizes[i]);
    });
  });

  const date1 = "Mon, 21 Oct 2013 20:13:21 GMT";
  const date2 = "Mon, 21 Oct 2013 20:13:22 GMT";
  const url = "https://www.example.com";
  const cookie = "foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1";
  const responses: Field[][] = [
    [[":status", "302"], ["cache-control", "private"], ["date", date1], ["location", url]],
    [[":status", "307"], ["cache-control", "private"], ["date", date1], ["location", url]],
    [[":status", "200"], ["cache-control", "private"], ["date", date2], ["location", url], ["content-encoding", "gzip"], ["set-cookie", cookie]],
  ];
  const responseTables: Array<Array<[string, string, number]>> = [
    [["location", url, 63], ["date", date1, 65], ["cache-control", "private", 52], [":status", "302", 42]],
    [[":status", "307", 42], ["location", url, 63], ["date", date1, 65], ["cache-control", "private", 52]],
    [["set-cookie", cookie, 98], ["content-encoding", "gzip", 52], ["date", date2, 65]],
  ];
  const responseSizes = [222, 222, 215];

  it.each([
    [
      "C.5, without Huffman",
      [
        "4803 3330 3258 0770 7269 7661 7465 611d 4d6f 6e2c 2032 3120 4f63 7420 3230 3133 2032 303a 3133 3a32 3120 474d 546e 1768 7474 7073 3a2f 2f77 7777 2e65 7861 6d70 6c65 2e63 6f6d",
        "4803 3330 37c1 c0bf",
        "88c1 611d 4d6f 6e2c 2032 3120 4f63 7420 3230 3133 2032 303a 3133 3a32 3220 474d 54c0 5a04 677a 6970 7738 666f 6f3d 4153 444a 4b48 514b 425a 584f 5157 454f 5049 5541 5851 5745 4f49 553b 206d 6178 2d61 6765 3d33 3630 303b 2076 6572 7369 6f6e 3d31",
      ],
    ],
    [
      "C.6, with Huffman",
      [
        "4882 6402 5885 aec3 771a 4b61 96d0 7abe 9410 54d4 44a8 2005 9504 0b81 66e0 82a6 2d1b ff6e 919d 29ad 1718 63c7 8f0b 97c8 e9ae 82ae 43d3",
        "4883 640e ffc1 c0bf",
        "88c1 6196 d07a be94 1054 d444 a820 0595 040b 8166 e084 a62d 1bff c05a 839b d9ab 77ad 94e7 821d d7f2 e6c7 b335 dfdf cd5b 3960 d5af 2708 7f36 72c1 ab27 0fb5 291f 9587 3160 65c0 03ed 4ee5 b106 3d50 07",
      ],
    ],
  ])("decodes the three responses of %s with a 256-octet table, evicting", (_name, blocks) => {
    const decoder = new HpackDecoder(256);
    blocks.forEach((block, i) => {
      expect(decoder.decode(hex(block))).toEqual(responses[i]);
      expect(tableOf(decoder)).toEqual(responseTables[i]);
      expect(decoder.dynamicTableSize).toBe(responseSizes[i]);
    });
  });

  it("applies table size updates at the start of a block", () => {
    const decoder = new HpackDecoder();
    decoder.decode(hex("8286 8441 0f77 7777 2e65 7861 6d70 6c65 2e63 6f6d"));
    expect(decoder.dynamicTableLength).toBe(1);
    // To 0 (empties the table), then back to 4096 (31 + 97 + 31 * 128), then a field.
    expect(decoder.decode(hex("20 3fe11f 82"))).toEqual([[":method", "GET"]]);
    expect(decoder.dynamicTableLength).toBe(0);
    expect(decoder.decode(hex("4003 6b65 7901 76"))).toEqual([["key", "v"]]);
    expect(tableOf(decoder)).toEqual([["key", "v", 36]]);
    // Down to 40: the entry stays (36); an entry of 41 does not fit and empties the table.
    expect(decoder.decode(hex("3f09 4008 6b65 7978 797a 6162 0176"))).toEqual([["keyxyzab", "v"]]);
    expect(decoder.dynamicTableLength).toBe(0);
    expect(decoder.decode(Buffer.alloc(0))).toEqual([]);
  });
});

describe("HPACK decoder errors", () => {
  function failure(block: Buffer, decoder = new HpackDecoder()): HpackError {
    try {
      decoder.decode(block);
    } catch (error) {
      expect(error).toBeInstanceOf(HpackError);
      expect(error).toBeInstanceOf(CodecError);
      return error as HpackError;
    }
    throw new Error(`decoded ${block.toString("hex")} without an error`);
  }

  function afterC3(): HpackDecoder {
    const decoder = new HpackDecoder();
    decoder.decode(hex("8286 8441 0f77 7777 2e65 7861 6d70 6c65 2e63 6f6d"));
    decoder.decode(hex("8286 84be 5808 6e6f 2d63 6163 6865"));
    decoder.decode(hex("8287 85bf 400a 6375 7374 6f6d 2d6b 6579 0c63 7573 746f 6d2d 7661 6c75 65"));
    return decoder;
  }

  it("refuses index 0 and indices beyond the tables", () => {
    expect(failure(hex("80")).message).toMatch(/index 0 at octet 0/);
    expect(failure(hex("82 be")).message).toMatch(/index 62 at octet 1 beyond the tables \(61 static \+ 0 dynamic\)/);
    expect(failure(hex("c6"), afterC3()).message).toBe("HPACK: index 70 at octet 0 beyond the tables (61 static + 3 dynamic)");
    // As a literal's name, too (6-bit prefix, index 65 = 63 + 2).
    expect(failure(hex("7f02 0178"), afterC3()).message).toMatch(/index 65 at octet 0 beyond the tables \(61 static \+ 3 dynamic\)/);
    expect(failure(hex("00"), afterC3()).message).toMatch(/ends where a string literal should start/);
  });

  it("refuses blocks cut short inside an integer or a string", () => {
    expect(failure(hex("ff")).message).toMatch(/ends inside the integer at octet 0/);
    expect(failure(hex("82 ff 80")).message).toMatch(/ends inside the integer at octet 1/);
    expect(failure(hex("400a 6375")).message).toMatch(/string literal at octet 1 is 10 octets, but the block has 2 left/);
    expect(failure(hex("04")).message).toMatch(/ends where a string literal should start \(octet 1\)/);
    expect(failure(hex("04 7f")).message).toMatch(/ends inside the integer at octet 1/);
  });

  it("refuses integers over 31 bits or over 5 continuation octets", () => {
    expect(failure(hex("ff ffffffff0f")).message).toMatch(/integer at octet 0 is over 2\^31 - 1/);
    expect(failure(hex("04 7f ffffffff07")).message).toMatch(/integer at octet 1 is over 2\^31 - 1/);
    expect(failure(hex("ff 8080808080 00")).message).toMatch(/runs over 5 continuation octets/);
    // 2^31 - 1 itself is an integer, but no index that big exists.
    expect(failure(hex("ff 80ffffff07")).message).toMatch(/index 2147483647/);
  });

  it("refuses bad Huffman padding and EOS in a string literal", () => {
    expect(failure(hex("04 81 18")).message).toMatch(/not the start of EOS/);
    expect(failure(hex("04 82 1fff")).message).toMatch(/over 7 bits/);
    expect(failure(hex("04 84 ffffffff")).message).toMatch(/EOS inside/);
  });

  it("refuses table size updates over the maximum or after a field", () => {
    expect(failure(hex("3fe201"), new HpackDecoder(256)).message).toBe("HPACK: a dynamic table size update to 257 at octet 0, over the 256 allowed");
    expect(new HpackDecoder(256).decode(hex("3fe101 82"))).toEqual([[":method", "GET"]]);
    expect(failure(hex("82 20")).message).toMatch(/size update at octet 1, after a field/);
  });

  it("refuses every block after a malformed one, the table being lost", () => {
    const decoder = new HpackDecoder();
    failure(hex("80"), decoder);
    expect(failure(hex("82"), decoder).message).toMatch(/failed on an earlier block \(HPACK: index 0/);
  });

  it("caps the header list, keeping the table in step so the next block decodes", () => {
    const decoder = new HpackDecoder(4096, { maxHeaderListBytes: 100 });
    // 32 + 4 + 2 = 38 per field: two fit (76), three do not (114); all three are indexed.
    const block = hex("4004 6b65 7931 0276 31  4004 6b65 7932 0276 32  4004 6b65 7933 0276 33");
    expect(failure(block, decoder).message).toBe("HPACK: a header list of 114 octets (names, values and 32 per field), over the 100 allowed");
    expect(decoder.decode(hex("be bf"))).toEqual([["key3", "v3"], ["key2", "v2"]]);
    expect(decoder.decode(hex("c0"))).toEqual([["key1", "v1"]]);
    expect(new HpackDecoder().decode(block)).toHaveLength(3);
    // A list of exactly the cap is fine.
    expect(new HpackDecoder(4096, { maxHeaderListBytes: 114 }).decode(block)).toHaveLength(3);
  });
});

describe("HPACK encoder", () => {
  it("writes static fields as indexed, others as literals without indexing naming the static entry", () => {
    expect(encodeHeaderBlock([[":method", "POST"], [":scheme", "http"], [":method", "GET"], [":status", "500"]]).toString("hex")).toBe("8386828e");
    // C.2.2 is exactly this representation.
    expect(encodeHeaderBlock([[":path", "/sample/path"]]).toString("hex")).toBe(hex("040c 2f73 616d 706c 652f 7061 7468").toString("hex"));
    expect(encodeHeaderBlock([["password", "secret"]]).toString("hex")).toBe(hex("0008 7061 7373 776f 7264 0673 6563 7265 74").toString("hex"));
    // user-agent is 58, over the 4-bit prefix: 15 + 43.
    expect(encodeHeaderBlock([["user-agent", "x"]]).toString("hex")).toBe("0f2b0178");
    expect(encodeHeaderBlock([[":authority", ""]]).toString("hex")).toBe("81");
    expect(encodeHeaderBlock([])).toHaveLength(0);
  });

  it("round-trips through the decoder, long values, every octet and empty strings included, leaving its table empty", () => {
    const fields: Field[] = [
      [":method", "POST"],
      [":path", "/a".repeat(100)],
      ["x-all", ALL_OCTETS],
      ["x-long", "v".repeat(70_000)],
      ["n".repeat(200), ""],
      ["", "empty name"],
      ["Mixed-Case", "as given"],
    ];
    const decoder = new HpackDecoder(4096, { maxHeaderListBytes: 1 << 20 });
    expect(decoder.decode(encodeHeaderBlock(fields))).toEqual(fields);
    expect(decoder.dynamicTableLength).toBe(0);
  });

  it("throws a TypeError for a char over 0xFF", () => {
    expect(() => encodeHeaderBlock([["x-v", "caf\u00e9 \u0100"]])).toThrow(TypeError);
    expect(() => encodeHeaderBlock([["x-v", "caf\u00e9 \u0100"]])).toThrow(/U\+0100 at char 5/);
    expect(() => encodeHeaderBlock([["x-\u{1f600}", "v"]])).toThrow(TypeError);
  });
});

// ---------------------------------------------------------------------------------------------
// Against nghttp2 (node:http2): its encoder's blocks through our decoder, ours through its decoder.

const FRAME_HEADERS = 1;
const FRAME_RST_STREAM = 3;
const FRAME_SETTINGS = 4;
const FRAME_PING = 6;
const FRAME_GOAWAY = 7;
const FRAME_CONTINUATION = 9;
const FLAG_END_STREAM = 0x1;
const FLAG_ACK = 0x1;
const FLAG_END_HEADERS = 0x4;
const FLAG_PADDED = 0x8;
const FLAG_PRIORITY = 0x20;
const MAX_FRAME = 16_384;

function frame(type: number, flags: number, stream: number, payload: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(9);
  head.writeUIntBE(payload.length, 0, 3);
  head[3] = type;
  head[4] = flags;
  head.writeUInt32BE(stream, 5);
  return Buffer.concat([head, payload]);
}

/** A header block as HEADERS and, past the default frame size, CONTINUATION frames. */
function headersFrames(stream: number, block: Buffer, endStream: boolean): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at === 0 || at < block.length; at += MAX_FRAME) {
    const chunk = block.subarray(at, at + MAX_FRAME);
    const last = at + MAX_FRAME >= block.length;
    const flags = (last ? FLAG_END_HEADERS : 0) | (at === 0 && endStream ? FLAG_END_STREAM : 0);
    parts.push(frame(at === 0 ? FRAME_HEADERS : FRAME_CONTINUATION, flags, stream, chunk));
  }
  return Buffer.concat(parts);
}

interface HeaderBlock {
  readonly stream: number;
  readonly block: Buffer;
  readonly frames: number;
}

/** A bare HTTP/2 client on a socket: sends what it is given, collects the header blocks it gets. */
class RawH2Client {
  private pending = Buffer.alloc(0);
  private open: { stream: number; fragments: Buffer[] } | undefined;
  private readonly blocks: HeaderBlock[] = [];
  private wanted: { count: number; resolve: (blocks: HeaderBlock[]) => void; reject: (error: Error) => void } | undefined;
  private failure: Error | undefined;

  private constructor(readonly socket: net.Socket) {
    socket.on("data", (chunk: Buffer) => this.receive(chunk));
    socket.on("error", (error) => this.fail(error));
    socket.on("close", () => this.fail(new Error("the connection closed")));
  }

  /** Connects, sending the preface and our SETTINGS (`settings` as [id, value]). */
  static async connect(port: number, settings: Array<[id: number, value: number]> = []): Promise<RawH2Client> {
    const socket = net.connect(port, "127.0.0.1");
    await once(socket, "connect");
    const payload = Buffer.alloc(6 * settings.length);
    settings.forEach(([id, value], i) => {
      payload.writeUInt16BE(id, i * 6);
      payload.writeUInt32BE(value, i * 6 + 2);
    });
    socket.write(Buffer.concat([Buffer.from("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", "latin1"), frame(FRAME_SETTINGS, 0, 0, payload)]));
    return new RawH2Client(socket);
  }

  /** The first `count` header blocks received (in order of arrival). */
  headerBlocks(count: number): Promise<HeaderBlock[]> {
    return new Promise((resolve, reject) => {
      this.wanted = { count, resolve, reject };
      this.check();
    });
  }

  async close(): Promise<void> {
    if (this.socket.destroyed) return;
    const closed = once(this.socket, "close");
    this.socket.end(frame(FRAME_GOAWAY, 0, 0, Buffer.alloc(8)));
    await closed;
  }

  private receive(chunk: Buffer): void {
    this.pending = Buffer.concat([this.pending, chunk]);
    while (this.pending.length >= 9) {
      const length = this.pending.readUIntBE(0, 3);
      if (this.pending.length < 9 + length) break;
      const type = this.pending[3]!;
      const flags = this.pending[4]!;
      const stream = this.pending.readUInt32BE(5) & 0x7fffffff;
      const payload = this.pending.subarray(9, 9 + length);
      this.pending = this.pending.subarray(9 + length);
      this.onFrame(type, flags, stream, payload);
    }
  }

  private onFrame(type: number, flags: number, stream: number, payload: Buffer): void {
    if (this.open !== undefined && type !== FRAME_CONTINUATION) return this.fail(new Error(`frame type ${type} inside a header block`));
    switch (type) {
      case FRAME_SETTINGS:
        if ((flags & FLAG_ACK) === 0) this.socket.write(frame(FRAME_SETTINGS, FLAG_ACK, 0));
        return;
      case FRAME_PING:
        if ((flags & FLAG_ACK) === 0) this.socket.write(frame(FRAME_PING, FLAG_ACK, 0, payload));
        return;
      case FRAME_GOAWAY:
        return this.fail(new Error(`GOAWAY, error code ${payload.readUInt32BE(4)}: ${payload.subarray(8).toString("latin1")}`));
      case FRAME_RST_STREAM:
        return this.fail(new Error(`RST_STREAM on stream ${stream}, error code ${payload.readUInt32BE(0)}`));
      case FRAME_HEADERS: {
        // RFC 7540 §6.2: [pad length] [exclusive bit, stream dependency, weight] fragment [padding].
        let from = 0;
        let to = payload.length;
        if (flags & FLAG_PADDED) {
          to -= payload[0]!;
          from = 1;
        }
        if (flags & FLAG_PRIORITY) from += 5;
        this.open = { stream, fragments: [payload.subarray(from, to)] };
        break;
      }
      case FRAME_CONTINUATION:
        if (this.open?.stream !== stream) return this.fail(new Error(`CONTINUATION on stream ${stream} outside a header block`));
        this.open.fragments.push(payload);
        break;
      default:
        return; // DATA, WINDOW_UPDATE, PRIORITY...: nothing to check
    }
    if (flags & FLAG_END_HEADERS && this.open !== undefined) {
      this.blocks.push({ stream: this.open.stream, block: Buffer.concat(this.open.fragments), frames: this.open.fragments.length });
      this.open = undefined;
      this.check();
    }
  }

  private check(): void {
    if (this.wanted === undefined) return;
    if (this.blocks.length >= this.wanted.count) {
      this.wanted.resolve(this.blocks.slice(0, this.wanted.count));
      this.wanted = undefined;
    } else if (this.failure !== undefined) {
      this.wanted.reject(this.failure);
      this.wanted = undefined;
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.check();
  }
}

/** A small deterministic generator (xorshift32), so the fields are varied but the same on every run. */
function generator(seed: number): (below: number) => number {
  let state = seed >>> 0 || 1;
  return (below) => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state % below;
  };
}

const PRINTABLE = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join("");
const HIGH = Array.from({ length: 0x80 }, (_, i) => String.fromCharCode(0x80 + i)).join("");

function randomValue(random: (below: number) => number, length: number, alphabet: string): string {
  let s = "";
  for (let i = 0; i < length; i++) s += alphabet[random(alphabet.length)]!;
  return s;
}

/**
 * The response fields for response `n`, in the order nghttp2 sends them. Node sends a latin1
 * string's chars as octets, so 0x80-0xFF go as they are; it lowercases names, so they are
 * lowercase here. Some fields repeat in every response (so nghttp2 indexes them and refers to
 * its table later), some come from a small pool, some are new each time, and response 3 is
 * over one frame (CONTINUATION) with values too big for the table.
 */
function responseFields(n: number): { fields: Field[]; sensitive: string[] } {
  const random = generator(0x9e3779b9 + n * 7919);
  const fields: Field[] = [
    [":status", ["200", "404", "503", "200"][n % 4]!],
    ["content-type", "application/grpc"],
    ["x-printable", PRINTABLE],
    ["x-latin1", HIGH],
    ["x-pool", ["alpha", "beta", "gamma \u00e9\u00e8", "delta"][random(4)]!],
    [`x-new-${n}`, randomValue(random, 1 + random(200), PRINTABLE + HIGH)],
    ["x-ascii", randomValue(random, random(60), PRINTABLE)],
    ["x-empty", ""],
    ["set-cookie", `a=${n}`],
    ["set-cookie", "b=same"],
    ["x-secret", `token-${n}`],
    ["grpc-status", String(n % 3)],
  ];
  if (n === 3) {
    for (let i = 0; i < 6; i++) fields.push([`x-big-${i}`, randomValue(random, 3000, PRINTABLE + HIGH)]);
  }
  return { fields, sensitive: ["x-secret"] };
}

function outgoing({ fields, sensitive }: { fields: Field[]; sensitive: string[] }): http2.OutgoingHttpHeaders {
  const headers: http2.OutgoingHttpHeaders & Record<symbol, unknown> = {};
  for (const [name, value] of fields) {
    const had = headers[name];
    headers[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [String(had), value];
  }
  headers[http2.sensitiveHeaders] = sensitive;
  return headers;
}

/** Pairs from Node's flat raw headers. */
function pairs(raw: readonly string[]): Field[] {
  const out: Field[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}

describe("HPACK against nghttp2 (node:http2)", () => {
  let server: http2.Http2Server | undefined;
  let client: RawH2Client | undefined;

  afterEach(async () => {
    await client?.close();
    client = undefined;
    if (server !== undefined) {
      const s = server;
      server = undefined;
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
  });

  async function start(onStream: (stream: http2.ServerHttp2Stream, raw: readonly string[]) => void): Promise<number> {
    server = http2.createServer();
    server.on("stream", (stream, _headers, _flags, rawHeaders?: unknown) => {
      onStream(stream, Array.isArray(rawHeaders) ? rawHeaders.map(String) : []);
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    return (server.address() as net.AddressInfo).port;
  }

  it.each([4096, 256])("decodes nghttp2's response blocks with one decoder (table %i octets)", async (tableSize) => {
    const RESPONSES = 8;
    const port = await start((stream) => {
      stream.respond(outgoing(responseFields((stream.id! - 1) / 2)), { endStream: true });
    });
    // SETTINGS_HEADER_TABLE_SIZE (1): with 256, nghttp2 starts its first block with a size update.
    client = await RawH2Client.connect(port, tableSize === 4096 ? [] : [[1, tableSize]]);
    const request = encodeHeaderBlock([[":method", "GET"], [":scheme", "http"], [":authority", "x"], [":path", "/p"]]);
    for (let n = 0; n < RESPONSES; n++) client.socket.write(headersFrames(2 * n + 1, request, true));

    const blocks = await client.headerBlocks(RESPONSES);
    const decoder = new HpackDecoder(tableSize);
    let indexedSomething = false;
    for (const { stream, block } of blocks) {
      const fields = decoder.decode(block);
      indexedSomething ||= decoder.dynamicTableLength > 0;
      expect(fields.filter(([name]) => name !== "date")).toEqual(responseFields((stream - 1) / 2).fields);
      expect(fields.filter(([name]) => name === "date")).toHaveLength(1);
      expect(decoder.dynamicTableSize).toBeLessThanOrEqual(tableSize);
    }
    expect(indexedSomething).toBe(true);
    expect(new Set(blocks.map((b) => b.stream))).toEqual(new Set(Array.from({ length: RESPONSES }, (_, n) => 2 * n + 1)));
    expect(blocks.find((b) => b.stream === 7)!.frames).toBeGreaterThan(1); // response 3 came with CONTINUATION
    if (tableSize === 4096) {
      // Fields repeated from response 0 come back as references: x-printable and x-latin1 alone
      // are 223 octets of values sent once.
      const second = blocks.find((b) => b.stream === 3)!;
      const literalOctets = responseFields(1).fields.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
      expect(second.block.length).toBeLessThan(literalOctets - 200);
    } else {
      // Told of the smaller table, nghttp2 starts its first block with a size update (§6.3).
      expect(blocks[0]!.block[0]! & 0xe0).toBe(0x20);
    }
  });

  it("has nghttp2 decode our blocks to the fields we encoded", async () => {
    const received: Field[][] = [];
    const port = await start((stream, raw) => {
      received.push(pairs(raw));
      stream.respond({ ":status": 200 }, { endStream: true });
    });
    client = await RawH2Client.connect(port);
    const random = generator(42);
    // nghttp2 refuses values with leading or trailing whitespace and controls (RFC 9113 §8.2.1),
    // so the random values are bracketed by printable non-space chars.
    const long = `<${randomValue(random, 20_000, PRINTABLE + HIGH)}>`;
    const requests: Field[][] = [
      [
        [":method", "POST"],
        [":scheme", "http"],
        [":authority", "127.0.0.1"],
        [":path", "/pkg.Service/Method"],
        ["content-type", "application/grpc+proto"],
        ["te", "trailers"],
        ["user-agent", "hpack-test/1.0"],
        ["accept-encoding", "gzip, deflate"],
        ["grpc-timeout", "100m"],
        ["x-latin1", `caf\u00e9 na\u00efve \u00ff\u0080${HIGH}`],
        ["x-printable", `${PRINTABLE.trim()}`],
        ["x-long", long],
        ["x-empty", ""],
      ],
      [
        [":method", "GET"],
        [":scheme", "https"],
        [":authority", "example.com:8443"],
        [":path", "/"],
        ["x-second", randomValue(random, 300, PRINTABLE.slice(1))],
      ],
    ];
    requests.forEach((fields, i) => client!.socket.write(headersFrames(2 * i + 1, encodeHeaderBlock(fields), true)));
    const responses = await client.headerBlocks(requests.length);
    expect(encodeHeaderBlock(requests[0]!).length).toBeGreaterThan(MAX_FRAME); // sent with CONTINUATION
    expect(received).toEqual(requests);
    const decoder = new HpackDecoder();
    for (const { block } of responses) expect(decoder.decode(block).filter(([name]) => name !== "date")).toEqual([[":status", "200"]]);
  });
});
