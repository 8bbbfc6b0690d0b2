/**
 * The peer of bench/raw-echo.ts, in a process of its own: a TCP server on a free loopback
 * port that answers every two-way request frame with a response frame of the same id,
 * status 20 and the same body, as fast as the frame codec allows (a burst of answers is
 * written in one syscall). Prints `PORT <n>` once listening; runs until killed.
 */
import { createServer } from "node:net";
import { encodeFrame, FrameDecoder } from "@/server/protocol/frame";

const LIMIT = 0x7fffffff;

const server = createServer({ noDelay: true }, (socket) => {
  const decoder = new FrameDecoder(LIMIT);
  socket.on("error", () => socket.destroy());
  socket.on("data", (chunk: Buffer) => {
    const frames = decoder.push(chunk);
    if (frames.length === 0) return;
    socket.cork();
    for (const f of frames) {
      if (f.request && f.twoWay) {
        socket.write(encodeFrame({ id: f.id, request: false, twoWay: false, event: f.event, serialization: f.serialization, status: 20, body: f.body }, LIMIT));
      }
    }
    socket.uncork();
  });
});

server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`PORT ${(server.address() as { port: number }).port}\n`);
});
