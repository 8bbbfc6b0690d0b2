/**
 * The peer of bench/profile-invoke.ts, in a process of its own: a TCP server on a free
 * loopback port that answers every two-way request (heartbeats included) with status OK and
 * one canned response body, what a Java provider answers echoString(1 KiB of "a"):
 * RESPONSE_VALUE_WITH_ATTACHMENTS, the string, an empty attachments map. Prints
 * `PORT <n>` once listening; runs until killed.
 */
import { createServer } from "node:net";
import { encodeFrame, FrameDecoder } from "@/server/protocol/frame";
import { encodeHessian } from "@/server/protocol/hessian/hessian-writer";
import { JavaMap } from "@/server/protocol/hessian/java/java-values";
import { RESULT_FLAGS } from "@/server/protocol/hessian/response-body";

const LIMIT = 0x7fffffff;
const BODY_CHARS = Number(process.argv[2] ?? 1024);
const answer = encodeHessian([RESULT_FLAGS.RESPONSE_VALUE_WITH_ATTACHMENTS, "a".repeat(BODY_CHARS), new JavaMap(null, [])]);

const server = createServer({ noDelay: true }, (socket) => {
  const decoder = new FrameDecoder(LIMIT);
  socket.on("error", () => socket.destroy());
  socket.on("data", (chunk: Buffer) => {
    const frames = decoder.push(chunk);
    if (frames.length === 0) return;
    socket.cork();
    for (const f of frames) {
      if (!f.request || !f.twoWay) continue;
      const body = f.event ? f.body : answer;
      socket.write(encodeFrame({ id: f.id, request: false, twoWay: false, event: f.event, serialization: f.serialization, status: 20, body }, LIMIT));
    }
    socket.uncork();
  });
});

server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`PORT ${(server.address() as { port: number }).port}\n`);
});
