import { describe, expect, it } from "vitest";
import { ConnectionClosedError, TimeoutError } from "@/server/errors/transport-errors";
import { encodeFrame, type Frame } from "@/server/protocol/frame";
import { DubboExchangeClient } from "@/server/protocol/socket-exchange-client";
import { startFakePeer } from "../../../support/fake-dubbo-peer";
import { type SeededRandom, seededRandom } from "../../../support/seeded-random";

/** Each call's timeout: a call whose answer was lost ends with a TimeoutError this soon. */
const TIMEOUT_MS = 80;
/** How much later than its timeout a call may end (a loaded machine). */
const SLACK_MS = 2_000;
const MAX_PAYLOAD = 4096;
const CASES = 160;
const CONCURRENT = 16;
const STATUSES = [20, 20, 20, 25, 30, 31, 40, 50, 70, 80, 90, 100];

type Outcome = { frame: Frame } | { error: unknown };

/** The provider's side of a case: answers (some), events, then mutations of the whole stream. */
function streamFor(random: SeededRandom, requests: Frame[]): Buffer {
  if (random.chance(0.2)) return Buffer.from(Array.from({ length: random.int(100) }, () => random.int(256)));
  const frames: Buffer[] = [];
  for (const request of requests) {
    if (random.chance(0.15)) continue;
    const size = random.chance(0.05) ? MAX_PAYLOAD + 1 + random.int(100) : random.int(300);
    const body = Buffer.from(Array.from({ length: size }, () => random.int(256)));
    frames.push(encodeFrame({ id: request.id, request: false, twoWay: false, event: false, serialization: 2, status: random.pick(STATUSES), body }, 1 << 20));
    if (random.chance(0.1)) frames.push(frames.at(-1)!);
    if (random.chance(0.2)) frames.push(Buffer.from("dabbe20000000000000000090000000014e", "hex"));
    if (random.chance(0.1)) frames.push(Buffer.from("dabba200000000000000000a000000020152", "hex"));
  }
  const stream = Buffer.concat(frames);
  const mutated = [...stream];
  for (let m = random.int(4); m > 0 && mutated.length > 0; m--) {
    const at = random.int(mutated.length);
    switch (random.int(4)) {
      case 0:
        mutated[at] = random.int(256);
        break;
      case 1:
        mutated.splice(at);
        break;
      case 2:
        mutated.splice(at, 0, ...Array.from({ length: 1 + random.int(8) }, () => random.int(256)));
        break;
      case 3:
        // A frame's length field (if a header starts here) overwritten with anything.
        for (let i = 0; i < 4 && at + 12 + i < mutated.length; i++) mutated[at + 12 + i] = random.int(256);
        break;
    }
  }
  return Buffer.from(mutated);
}

/** One case: a fresh fake provider and client, three calls, the provider's (mutated) answer; the outcomes. */
async function fuzzCase(random: SeededRandom): Promise<{ outcomes: Outcome[]; requests: Frame[]; peerSawClose: boolean | null }> {
  const fake = await startFakePeer({ answerHeartbeats: random.chance(0.5) });
  const client = new DubboExchangeClient(fake.address, { maxPayload: MAX_PAYLOAD, random: () => 0 });
  try {
    const started = performance.now();
    const calls = [0, 1, 2].map((i) =>
      client.request(Buffer.from(`call ${i}`), { timeoutMs: TIMEOUT_MS }).then(
        (frame): Outcome => ({ frame }),
        (error: unknown): Outcome => ({ error }),
      ),
    );
    const conn = await fake.nextConnection();
    const requests = [await conn.nextFrame(), await conn.nextFrame(), await conn.nextFrame()];
    const stream = streamFor(random, requests);
    for (let at = 0; at < stream.length; ) {
      const n = 1 + random.int(64);
      conn.send(stream.subarray(at, at + n));
      at += n;
    }
    if (random.chance(0.5)) conn.socket.end();
    const outcomes = await Promise.all(calls);
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    const dropped = outcomes.some((o) => "error" in o && o.error instanceof ConnectionClosedError && o.error.reason.type === "codec");
    const peerSawClose = dropped ? (await conn.closed, true) : null;
    return { outcomes, requests, peerSawClose };
  } finally {
    await client.close();
    await fake.close();
  }
}

describe("the exchange client against a provider sending random and mutated frames", () => {
  it("ends every call within its timeout with its own response or a typed error, and drops the connection on a codec error", async () => {
    const random = seededRandom(20_260_801);
    const seen = { answered: 0, timeout: 0, codec: 0, closed: 0 };
    for (let batch = 0; batch < CASES / CONCURRENT; batch++) {
      const cases = await Promise.all(Array.from({ length: CONCURRENT }, () => fuzzCase(seededRandom(random.int(2 ** 31)))));
      for (const { outcomes, requests, peerSawClose } of cases) {
        if (peerSawClose !== null) expect(peerSawClose).toBe(true);
        outcomes.forEach((outcome, i) => {
          if ("frame" in outcome) {
            expect([outcome.frame.id, outcome.frame.request]).toEqual([requests[i]!.id, false]);
            seen.answered++;
          } else if (outcome.error instanceof TimeoutError) {
            seen.timeout++;
          } else {
            expect(outcome.error).toBeInstanceOf(ConnectionClosedError);
            const error = outcome.error as ConnectionClosedError;
            expect(["codec", "peer-closed", "socket-error"]).toContain(error.reason.type);
            if (error.reason.type === "codec") {
              expect(error.message).toMatch(/is not a Dubbo peer \(what it sent is not Dubbo frames\)|was dropped: the body of the frame for request -?\d+ is \d+ bytes, over the payload limit/);
              seen.codec++;
            } else {
              seen.closed++;
            }
          }
        });
      }
    }
    // Every kind of ending happened, so the run exercised each path.
    expect(Object.values(seen).every((n) => n > 0), JSON.stringify(seen)).toBe(true);
  }, 60_000);
});
