import { type DubboUrl, urlAddress, urlParam } from "@/lib/dubbo/url";
import { isConsoleError } from "@/lib/errors";
import type { CallOptions, InvokeOutcome, Invoker } from "@/server/cluster/invoker";
import { type DubboInvocation, failureOutcome, preparedArguments, type ProtobufInvocation } from "../dubbo-invoker";
import { callProtobuf } from "./protobuf-call";
import { fromJava } from "../hessian/from-java";
import type { TripleClient } from "./triple-client";
import { callJson } from "./triple-json-call";
import { callWrapped } from "./triple-wrapped-call";

/**
 * One `tri://` provider of a Java-interface service (issue 19): Java's TripleInvoker for a
 * method whose types are not protobuf ones, beside DubboInvoker in the same directories.
 * Arguments are prepared as for the dubbo protocol (to-java.ts) and sent each as hessian2
 * in a TripleRequestWrapper; the call's attachments travel as headers. A method whose
 * parameter types are not known (no metadata, none given) is called over Dubbo 3.3's
 * HTTP/JSON path instead, which needs none (triple-json-call.ts). The outcomes are the dubbo
 * invoker's: a value, the exception the method threw, or a typed error.
 */
export class TripleInvoker implements Invoker {
  readonly address: string;
  private readonly interfaceName: string;

  constructor(
    readonly url: DubboUrl,
    private readonly clientOf: () => TripleClient,
  ) {
    this.address = urlAddress(url);
    this.interfaceName = urlParam(url, "interface", url.path);
  }

  isAvailable(): boolean {
    return this.clientOf().available;
  }

  async invoke(invocation: DubboInvocation, options: CallOptions): Promise<InvokeOutcome> {
    if (invocation.protobuf) return this.invokeProtobuf(invocation, invocation.protobuf, options);
    // The parameter types are unknown (no metadata, none given): the HTTP/JSON path needs none.
    if (invocation.parameterTypes.length !== invocation.args.length) return this.invokeJson(invocation, options);
    const args = preparedArguments(invocation);
    if (isConsoleError(args)) return { type: "error", error: args, local: true };
    const parameterTypes = args.parameterTypes ?? invocation.parameterTypes;
    try {
      const result = await callWrapped(this.clientOf(), {
        interface: this.interfaceName,
        group: urlParam(this.url, "group"),
        version: urlParam(this.url, "version"),
        method: invocation.method,
        parameterTypes,
        args: args.args,
        timeoutMs: options.timeoutMs,
        attachments: invocation.attachments,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (result.kind === "exception") return { type: "business_exception", exception: { ...result.exception, stackTrace: [...result.exception.stackTrace] }, attachments: {} };
      return { type: "value", value: fromJava(result.value, invocation.types ? { types: invocation.types } : {}), attachments: {} };
    } catch (e) {
      if (!isConsoleError(e)) throw e;
      return failureOutcome(e);
    }
  }

  /**
   * A method whose parameter types are unknown: the arguments as JSON, as the API received
   * them (triple-json-call.ts). Arguments the provider refused answer a `local` error: another
   * provider of the same interface would refuse them too.
   */
  private async invokeJson(invocation: DubboInvocation, options: CallOptions): Promise<InvokeOutcome> {
    try {
      const result = await callJson(this.clientOf(), {
        interface: this.interfaceName,
        group: urlParam(this.url, "group"),
        version: urlParam(this.url, "version"),
        method: invocation.method,
        args: invocation.args,
        timeoutMs: options.timeoutMs,
        attachments: invocation.attachments,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      return outcomeOf(result);
    } catch (e) {
      if (!isConsoleError(e)) throw e;
      if (e.code === "invalid_arguments") return { type: "error", error: e, local: true };
      return failureOutcome(e);
    }
  }

  /** An IDL method: the request message from its JSON, the reply as proto3 JSON (protobuf-call.ts). */
  private async invokeProtobuf(invocation: DubboInvocation, proto: ProtobufInvocation, options: CallOptions): Promise<InvokeOutcome> {
    try {
      const result = await callProtobuf(this.clientOf(), {
        service: proto.service,
        method: proto.method,
        group: urlParam(this.url, "group"),
        version: urlParam(this.url, "version"),
        argument: invocation.args[0],
        timeoutMs: options.timeoutMs,
        attachments: invocation.attachments,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      return outcomeOf(result);
    } catch (e) {
      if (!isConsoleError(e)) throw e;
      return failureOutcome(e);
    }
  }
}

/** The outcome of a JSON or protobuf answer: its value, or the exception (class and message only: neither path sends a stack). */
function outcomeOf(result: { readonly kind: "value"; readonly value: unknown } | { readonly kind: "exception"; readonly class: string; readonly message: string }): InvokeOutcome {
  if (result.kind === "exception") return { type: "business_exception", exception: { class: result.class, message: result.message, stackTrace: [] }, attachments: {} };
  return { type: "value", value: result.value, attachments: {} };
}
