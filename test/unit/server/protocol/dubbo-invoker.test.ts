import { describe, expect, it } from "vitest";
import { parseDubboUrl } from "@/lib/dubbo/url";
import type { ExchangeClient } from "@/server/protocol/exchange-client";
import { DubboInvoker } from "@/server/protocol/dubbo-invoker";
import type { Frame } from "@/server/protocol/frame";
import { encodeHessian } from "@/server/protocol/hessian/hessian-writer";
import { HessianReader } from "@/server/protocol/hessian/hessian-reader";
import { JavaMap } from "@/server/protocol/hessian/java/java-values";
import { RESULT_FLAGS } from "@/server/protocol/hessian/response-body";

/** A connection that answers every request with `value` and keeps each request body. */
function echoingClient(value: string): { client: ExchangeClient; bodies: Buffer[] } {
  const bodies: Buffer[] = [];
  const answer = encodeHessian([RESULT_FLAGS.RESPONSE_VALUE_WITH_ATTACHMENTS, value, new JavaMap(null, [])]);
  const client = {
    address: "127.0.0.1:20880",
    readOnly: false,
    state: { type: "connected" },
    request: (body: Buffer): Promise<Frame> => {
      bodies.push(body);
      return Promise.resolve({ id: 1n, request: false, twoWay: false, event: false, serialization: 2, status: 20, body: answer });
    },
  } as unknown as ExchangeClient;
  return { client, bodies };
}

/** The attachments map a request body ends with. */
function attachmentsOf(body: Buffer): unknown {
  const reader = new HessianReader(body);
  for (let i = 0; i < 6; i++) reader.read();
  return reader.read();
}

describe("DubboInvoker", () => {
  const url = parseDubboUrl("dubbo://127.0.0.1:20880/a.B?interface=a.B&group=g&version=1.0.0");
  const call = (attachments: Record<string, string>) => ({ method: "echo", parameterTypes: ["java.lang.String"], args: ["hi"], attachments });

  it("sends each call its own attachments and timeout, whether or not the call before brought some", async () => {
    const { client, bodies } = echoingClient("hi");
    const invoker = new DubboInvoker(url, client);
    expect(await invoker.invoke(call({}), { timeoutMs: 1000 })).toEqual({ type: "value", value: "hi", attachments: {} });
    await invoker.invoke(call({ tag: "gray" }), { timeoutMs: 1000 });
    await invoker.invoke(call({}), { timeoutMs: 1000 });
    await invoker.invoke(call({}), { timeoutMs: 2500 });
    const sent = bodies.map((b) => Object.fromEntries(attachmentsOf(b) as Map<string, string>));
    const plain = { interface: "a.B", group: "g", path: "a.B", version: "1.0.0", timeout: "1000" };
    expect(sent).toEqual([plain, { ...plain, tag: "gray" }, plain, { ...plain, timeout: "2500" }]);
    expect(bodies[2]!.equals(bodies[0]!)).toBe(true);
  });
});
