/**
 * The engine's side of bench/invoke.ts: a call of TypesService.echoString as the console's
 * consumer engine makes it, layer by layer, with nothing cached between calls that the
 * engine would not cache: the shared connection from the pool, the attachments a Java 3.x
 * consumer sends, the hessian2 request body, the exchange client's request, the status
 * check and the hessian2 response body, and the value compared with what was sent.
 */
import { CodecError } from "@/lib/errors";
import type { ConnectionPool } from "@/server/protocol/connection-pool";
import { STATUS_OK } from "@/server/protocol/frame";
import { DUBBO_PROTOCOL_VERSION, encodeRequestBody, invocationAttachments } from "@/server/protocol/hessian/request-body";
import { decodeResponseBody, errorOfStatus } from "@/server/protocol/hessian/response-body";

/** The demo service the benchmark calls (test/peers TypesService, as ProviderMain exports it). */
export const ECHO_TARGET = {
  interfaceName: "io.dubboconsole.demo.api.TypesService",
  group: "demo",
  version: "1.0.0",
  method: "echoString",
  parameterTypes: ["java.lang.String"],
} as const;

/**
 * A function that makes one echoString(`value`) call to `address` through `pool` and
 * resolves once the provider's answer is decoded and equal to `value`; it rejects with the
 * engine's typed error when the call fails, CodecError when the answer is not the value.
 */
export function engineEcho(pool: ConnectionPool, address: string, value: string, timeoutMs: number): () => Promise<void> {
  return async () => {
    const attachments = invocationAttachments({ interfaceName: ECHO_TARGET.interfaceName, group: ECHO_TARGET.group, version: ECHO_TARGET.version, timeoutMs });
    const body = encodeRequestBody({
      dubboVersion: DUBBO_PROTOCOL_VERSION,
      path: ECHO_TARGET.interfaceName,
      version: ECHO_TARGET.version,
      method: ECHO_TARGET.method,
      parameterTypes: ECHO_TARGET.parameterTypes,
      args: [value],
      attachments,
    });
    const frame = await pool.get(address).request(body, { timeoutMs });
    if (frame.status !== STATUS_OK) throw errorOfStatus(frame.status, frame.body, address, frame.serialization);
    const result = decodeResponseBody(frame.body);
    if (result.kind !== "value" || result.value !== value) {
      throw new CodecError(`echoString answered ${result.kind === "value" ? `a ${typeof result.value} of another value` : `with ${result.exception.class}`}`);
    }
  };
}
