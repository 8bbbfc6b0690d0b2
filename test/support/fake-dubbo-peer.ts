/**
 * An in-process fake Dubbo provider on 127.0.0.1 (a free port), for the faults a real
 * provider will not produce on demand: split frames, bad magic, silence, late answers,
 * READONLY at will, random bytes. It decodes what the client sends with the frame codec
 * under test, and answers heartbeats as a Java provider does unless told not to; every
 * other answer is the test's.
 */
import { createServer, type Server, type Socket } from "node:net";
import { encodeFrame, type Frame, FrameDecoder } from "@/server/protocol/frame";

export interface FakeConnection {
  readonly socket: Socket;
  /** Every frame received so far. */
  readonly frames: Frame[];
  /** Every byte received so far, in order. */
  received(): Buffer;
  /** The next frame not yet taken by nextFrame (waits for it). */
  nextFrame(): Promise<Frame>;
  send(bytes: Buffer): void;
  /** Answers `request` with status and body (a response frame of the same id and serialization). */
  reply(request: Frame, body: Buffer, status?: number): void;
  /** Resolves when the client ended or destroyed its side; `how` says whether it sent a FIN first. */
  readonly closed: Promise<{ how: "end" | "reset" }>;
}

export interface FakePeer {
  /** "127.0.0.1:port". */
  readonly address: string;
  readonly connections: FakeConnection[];
  /** The next connection not yet taken by nextConnection (waits for it). */
  nextConnection(): Promise<FakeConnection>;
  close(): Promise<void>;
}

export interface FakePeerOptions {
  /** Answer heartbeat requests (event + two-way) as HeartbeatHandler does; default true. */
  answerHeartbeats?: boolean;
  /** Called for every frame the client sends (after the heartbeat answer, if any). */
  onFrame?: (connection: FakeConnection, frame: Frame) => void;
}

/** A queue whose `take` waits for the next item. */
function queue<T>(): { push(item: T): void; take(): Promise<T> } {
  const items: T[] = [];
  const waiters: ((item: T) => void)[] = [];
  return {
    push(item) {
      const waiter = waiters.shift();
      if (waiter) waiter(item);
      else items.push(item);
    },
    take() {
      const item = items.shift();
      return item !== undefined ? Promise.resolve(item) : new Promise((resolve) => waiters.push(resolve));
    },
  };
}

function fakeConnection(socket: Socket, options: FakePeerOptions): FakeConnection {
  const decoder = new FrameDecoder(0x7fffffff);
  const frames: Frame[] = [];
  const chunks: Buffer[] = [];
  const incoming = queue<Frame>();
  let sawEnd = false;
  const connection: FakeConnection = {
    socket,
    frames,
    received: () => Buffer.concat(chunks),
    nextFrame: () => incoming.take(),
    send: (bytes) => void socket.write(bytes),
    reply: (request, body, status = 20) =>
      void socket.write(encodeFrame({ id: request.id, request: false, twoWay: false, event: request.event, serialization: request.serialization, status, body }, 0x7fffffff)),
    closed: new Promise((resolve) => socket.once("close", () => resolve({ how: sawEnd ? "end" : "reset" }))),
  };
  socket.on("end", () => {
    sawEnd = true;
    socket.end();
  });
  socket.on("error", () => undefined);
  socket.on("data", (chunk: Buffer) => {
    chunks.push(chunk);
    for (const frame of decoder.push(chunk)) {
      frames.push(frame);
      if (options.answerHeartbeats !== false && frame.event && frame.twoWay && frame.body.equals(Buffer.from([0x4e]))) connection.reply(frame, frame.body);
      options.onFrame?.(connection, frame);
      incoming.push(frame);
    }
  });
  return connection;
}

export async function startFakePeer(options: FakePeerOptions = {}): Promise<FakePeer> {
  const connections: FakeConnection[] = [];
  const accepted = queue<FakeConnection>();
  const sockets = new Set<Socket>();
  const server: Server = createServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    const connection = fakeConnection(socket, options);
    connections.push(connection);
    accepted.push(connection);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    address: `127.0.0.1:${port}`,
    connections,
    nextConnection: () => accepted.take(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
