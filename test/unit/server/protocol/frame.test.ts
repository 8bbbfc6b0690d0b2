import { describe, expect, it } from "vitest";
import { FrameError, PayloadTooLargeError } from "@/server/errors/transport-errors";
import { DEFAULT_MAX_PAYLOAD, encodeFrame, type Frame, FrameDecoder } from "@/server/protocol/frame";
import { seededRandom } from "../../../support/seeded-random";

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ""), "hex");

/** Frames with their exact bytes. Unless noted, the bytes are those dubbo-protocol.md §1 gives from ExchangeCodec. */
const VECTORS: { name: string; frame: Frame; bytes: Buffer }[] = [
  {
    name: "a heartbeat request (two-way event, hessian2 null body)",
    frame: { id: 7n, request: true, twoWay: true, event: true, serialization: 2, status: 0, body: hex("4e") },
    bytes: hex("dabb e2 00 0000000000000007 00000001 4e"),
  },
  {
    name: "a heartbeat response",
    frame: { id: 7n, request: false, twoWay: false, event: true, serialization: 2, status: 20, body: hex("4e") },
    bytes: hex("dabb 22 14 0000000000000007 00000001 4e"),
  },
  {
    name: "a READONLY event (one-way, hessian2 string \"R\")",
    frame: { id: 0x0102030405060708n, request: true, twoWay: false, event: true, serialization: 2, status: 0, body: hex("0152") },
    bytes: hex("dabb a2 00 0102030405060708 00000002 0152"),
  },
  {
    name: "a two-way call",
    frame: { id: 1n, request: true, twoWay: true, event: false, serialization: 2, status: 0, body: hex("05322e302e32") },
    bytes: hex("dabb c2 00 0000000000000001 00000006 05322e302e32"),
  },
  {
    name: "an error response (status 70, SERVICE_ERROR) with a negative id as Java's long wraps",
    frame: { id: -2n, request: false, twoWay: false, event: false, serialization: 2, status: 70, body: hex("024f4b") },
    bytes: hex("dabb 02 46 fffffffffffffffe 00000003 024f4b"),
  },
  {
    // Captured from the rig's Dubbo 3.3 provider stopped with SIGTERM (test/integration/exchange-client.test.ts):
    // 3.3 numbers its requests from a random start, so the id is negative as a signed long.
    name: "a READONLY event a real Dubbo 3.3 provider sent",
    frame: { id: BigInt.asIntN(64, 0xe089933b13bd8eben), request: true, twoWay: false, event: true, serialization: 2, status: 0, body: hex("0152") },
    bytes: hex("dabba200e089933b13bd8ebe000000020152"),
  },
  {
    name: "a response with an empty body and fastjson2's serialization id",
    frame: { id: 300n, request: false, twoWay: false, event: false, serialization: 23, status: 20, body: Buffer.alloc(0) },
    bytes: hex("dabb 17 14 000000000000012c 00000000"),
  },
];

/** Feeds `chunks` to a fresh decoder; every frame decoded, in order. */
function decodeAll(chunks: Buffer[], maxPayload = DEFAULT_MAX_PAYLOAD): Frame[] {
  const decoder = new FrameDecoder(maxPayload);
  const frames = chunks.flatMap((c) => decoder.push(c));
  expect(decoder.pendingBytes).toBe(0);
  return frames;
}

const plain = (f: Frame) => ({ ...f, body: f.body.toString("hex") });
const byteByByte = (b: Buffer) => [...b].map((x) => Buffer.from([x]));

describe("encodeFrame", () => {
  it.each(VECTORS)("encodes $name to its exact bytes", ({ frame, bytes }) => {
    expect(encodeFrame(frame, DEFAULT_MAX_PAYLOAD).toString("hex")).toBe(bytes.toString("hex"));
  });

  it("never sets the two-way flag on a response", () => {
    const bytes = encodeFrame({ id: 1n, request: false, twoWay: true, event: false, serialization: 2, status: 20, body: Buffer.alloc(0) }, 10);
    expect(bytes[2]).toBe(0x02);
  });

  it("accepts a body exactly at the payload limit and refuses one byte more, naming both sizes", () => {
    const frame = (n: number): Frame => ({ id: 1n, request: true, twoWay: true, event: false, serialization: 2, status: 0, body: Buffer.alloc(n) });
    expect(encodeFrame(frame(100), 100).length).toBe(116);
    expect(() => encodeFrame(frame(101), 100)).toThrow(PayloadTooLargeError);
    expect(() => encodeFrame(frame(101), 100)).toThrow("the request body is 101 bytes, over the payload limit of 100 bytes");
  });

  it("refuses header fields that do not fit their bits", () => {
    const base: Frame = { id: 1n, request: true, twoWay: true, event: false, serialization: 2, status: 0, body: Buffer.alloc(0) };
    expect(() => encodeFrame({ ...base, serialization: 32 }, 10)).toThrow(FrameError);
    expect(() => encodeFrame({ ...base, status: 256 }, 10)).toThrow(FrameError);
    expect(() => encodeFrame({ ...base, id: 1n << 64n }, 10)).toThrow(FrameError);
  });
});

describe("FrameDecoder", () => {
  it.each(VECTORS)("decodes $name whole, byte by byte, and split at every offset", ({ frame, bytes }) => {
    expect(decodeAll([bytes]).map(plain)).toEqual([plain(frame)]);
    expect(decodeAll(byteByByte(bytes)).map(plain)).toEqual([plain(frame)]);
    for (let i = 1; i < bytes.length; i++) {
      expect(decodeAll([bytes.subarray(0, i), bytes.subarray(i)]).map(plain), `split at ${i}`).toEqual([plain(frame)]);
    }
  });

  it("decodes every frame of a coalesced stream, whole, byte by byte, and split at every pair of offsets", () => {
    const stream = Buffer.concat(VECTORS.map((v) => v.bytes));
    const expected = VECTORS.map((v) => plain(v.frame));
    expect(decodeAll([stream]).map(plain)).toEqual(expected);
    expect(decodeAll(byteByByte(stream)).map(plain)).toEqual(expected);
    for (let i = 1; i < stream.length; i++) {
      for (let j = i; j < stream.length; j += 7) {
        const chunks = [stream.subarray(0, i), stream.subarray(i, j), stream.subarray(j)];
        expect(decodeAll(chunks).map(plain), `split at ${i} and ${j}`).toEqual(expected);
      }
    }
  });

  it("holds a partial frame until its last byte, then returns it", () => {
    const decoder = new FrameDecoder();
    const bytes = VECTORS[3]!.bytes;
    expect(decoder.push(bytes.subarray(0, 20))).toEqual([]);
    expect(decoder.pendingBytes).toBe(20);
    expect(decoder.push(bytes.subarray(20)).map(plain)).toEqual([plain(VECTORS[3]!.frame)]);
  });

  it("decodes a large frame that arrives in many chunks", () => {
    const body = Buffer.alloc(3 * 1024 * 1024, 0x61);
    const bytes = encodeFrame({ id: 9n, request: false, twoWay: false, event: false, serialization: 2, status: 20, body }, DEFAULT_MAX_PAYLOAD);
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 65_536) chunks.push(bytes.subarray(i, i + 65_536));
    const [frame] = decodeAll(chunks);
    expect(frame!.id).toBe(9n);
    expect(frame!.body.equals(body)).toBe(true);
  });

  it("accepts a body exactly at the payload limit, and refuses a longer one as soon as its header is in, naming the request", () => {
    const at = encodeFrame({ id: 5n, request: false, twoWay: false, event: false, serialization: 2, status: 20, body: Buffer.alloc(64) }, 64);
    expect(decodeAll([at], 64)).toHaveLength(1);
    const header = hex("dabb 02 14 0000000000000005 00000041");
    const decoder = new FrameDecoder(64);
    const error = catchError(() => decoder.push(header));
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect(error).toMatchObject({ direction: "incoming", size: 65, limit: 64, requestId: "5", code: "payload_too_large" });
    expect((error as Error).message).toBe("the body of the frame for request 5 is 65 bytes, over the payload limit of 64 bytes");
  });

  it("rejects bad magic at the first wrong byte, and every chunk after it", () => {
    const decoder = new FrameDecoder();
    expect(() => decoder.push(hex("da"))).not.toThrow();
    expect(() => decoder.push(hex("bc"))).toThrow(new FrameError("bad magic: expected 0xdabb at the start of a frame, got 0xdabc"));
    expect(() => decoder.push(VECTORS[0]!.bytes)).toThrow("the stream was already rejected: bad magic");
    expect(() => new FrameDecoder().push(hex("47"))).toThrow("bad magic: expected 0xdabb at the start of a frame, got 0x47");
  });

  it("rejects bad magic after a good frame, in the same chunk or the next", () => {
    const good = VECTORS[0]!.bytes;
    expect(() => new FrameDecoder().push(Buffer.concat([good, hex("4854")]))).toThrow("got 0x4854");
    const decoder = new FrameDecoder();
    expect(decoder.push(good)).toHaveLength(1);
    expect(() => decoder.push(hex("485454502f312e31"))).toThrow("got 0x4854");
  });

  it("rejects a negative body length", () => {
    expect(() => new FrameDecoder().push(hex("dabb 02 14 0000000000000003 ffffffff"))).toThrow("frame 3 has a negative body length (-1)");
  });

  it("refuses a payload limit that is not a positive int32", () => {
    expect(() => new FrameDecoder(0)).toThrow(RangeError);
    expect(() => new FrameDecoder(2 ** 31)).toThrow(RangeError);
  });

  it("on random and mutated streams, returns frames or throws a typed codec error, and never anything else", () => {
    const random = seededRandom(8);
    const valid = Buffer.concat(VECTORS.map((v) => v.bytes));
    let frames = 0;
    let rejected = 0;
    for (let round = 0; round < 3000; round++) {
      const stream = Buffer.from(random.chance(0.3) ? Array.from({ length: random.int(64) }, () => random.int(256)) : valid);
      for (let m = random.int(4); m > 0; m--) stream[random.int(stream.length)] = random.int(256);
      const decoder = new FrameDecoder(1024);
      let offset = 0;
      try {
        while (offset < stream.length) {
          const n = 1 + random.int(24);
          frames += decoder.push(stream.subarray(offset, offset + n)).length;
          offset += n;
        }
      } catch (e) {
        expect(e instanceof FrameError || e instanceof PayloadTooLargeError, String(e)).toBe(true);
        rejected++;
      }
    }
    expect(frames).toBeGreaterThan(0);
    expect(rejected).toBeGreaterThan(0);
  });
});

function catchError(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error("expected an error");
}
