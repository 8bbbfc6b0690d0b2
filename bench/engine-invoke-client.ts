/**
 * The engine's side of bench/invoke.ts: a call of TypesService.echoString as the console's
 * consumer engine makes it, two ways.
 * - {@link engineEcho}, the protocol layer alone, with nothing cached between calls that
 *   the engine would not cache: the shared connection from the pool, the attachments a
 *   Java 3.x consumer sends, the hessian2 request body, the exchange client's request, the
 *   status check and the hessian2 response body;
 * - {@link clusterEcho}, the whole engine as the invoke API runs it for a direct
 *   connection: a ClusterInvoker (failover, random) over a direct directory of one
 *   DubboInvoker, JSON arguments typed by their parameter types, the answer back to JSON.
 * Either compares the value with what was sent.
 */
import { urlAddress } from "@/lib/dubbo/url";
import { CodecError } from "@/server/errors/transport-errors";
import { ClusterInvoker } from "@/server/cluster/cluster-invoker";
import { createClusterEnv } from "@/server/cluster/cluster-env";
import { directDirectory, parseDirectUrls } from "@/server/cluster/direct-connection";
import type { ConnectionPool } from "@/server/protocol/connection-pool";
import { DubboInvoker } from "@/server/protocol/dubbo-invoker";
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

/**
 * A function that makes one echoString(`value`) call through a ClusterInvoker made once
 * (as a Java reference is) over a direct connection to `address`, with Java's InvokeBench
 * settings (`retries=0`, `timeout`); it rejects when the outcome is not the value.
 */
export function clusterEcho(pool: ConnectionPool, address: string, value: string, timeoutMs: number): () => Promise<void> {
  const service = { interface: ECHO_TARGET.interfaceName, group: ECHO_TARGET.group, version: ECHO_TARGET.version };
  const consumer = { host: "127.0.0.1", service, parameters: { retries: "0", timeout: String(timeoutMs) } };
  const directory = directDirectory(parseDirectUrls(`dubbo://${address}`), consumer, (url) => new DubboInvoker(url, pool.get(urlAddress(url))));
  const cluster = new ClusterInvoker(directory, createClusterEnv());
  return async () => {
    const { outcome } = await cluster.invoke({ method: ECHO_TARGET.method, parameterTypes: ECHO_TARGET.parameterTypes, args: [value], attachments: {} });
    if (outcome.type === "error") throw outcome.error;
    if (outcome.type !== "value" || outcome.value !== value) {
      throw new CodecError(`echoString answered ${outcome.type === "value" ? `a ${typeof outcome.value} of another value` : `with ${outcome.exception.class}`}`);
    }
  };
}
