/**
 * The engine's side of bench/triple-invoke.ts: a call of TypesService.echoString over Triple
 * as the console's TripleInvoker makes it, with nothing cached between calls that the
 * engine would not cache: the argument made a hessian value from JSON (to-java.ts), the
 * TripleRequestWrapper of it, the HTTP/2 stream on the one shared connection of a
 * TripleClient, the gRPC status and tri-exception-code checks, the TripleResponseWrapper and
 * its hessian2 value. It compares the value with what was sent.
 */
import { classType } from "@/lib/dubbo/java-type-ref";
import { CodecError } from "@/server/errors/transport-errors";
import { toJava } from "@/server/protocol/hessian/to-java";
import { EMPTY_TYPE_CATALOG } from "@/server/protocol/hessian/type-catalog";
import type { TripleClient } from "@/server/protocol/triple/triple-client";
import { callWrapped } from "@/server/protocol/triple/triple-wrapped-call";
import { ECHO_TARGET } from "./engine-invoke-client";

const STRING_TYPE = classType(ECHO_TARGET.parameterTypes[0]);

/**
 * A function that makes one echoString(`value`) call through `client` and resolves once the
 * provider's answer is decoded and equal to `value`; it rejects with the engine's typed error
 * when the call fails, CodecError when the answer is not the value (or an exception).
 */
export function tripleEcho(client: TripleClient, value: string, timeoutMs: number): () => Promise<void> {
  return async () => {
    const arg = toJava(STRING_TYPE, value, EMPTY_TYPE_CATALOG, "args[0]");
    const result = await callWrapped(client, {
      interface: ECHO_TARGET.interfaceName,
      group: ECHO_TARGET.group,
      version: ECHO_TARGET.version,
      method: ECHO_TARGET.method,
      parameterTypes: ECHO_TARGET.parameterTypes,
      args: [arg],
      timeoutMs,
    });
    if (result.kind !== "value" || result.value !== value) {
      throw new CodecError(`echoString over Triple answered ${result.kind === "value" ? `a ${typeof result.value} of another value` : `with ${result.exception.class}`}`);
    }
  };
}
