import { descriptorOf } from "./java/java-descriptor";
import { inJavaHashOrder } from "./java/java-hash-order";
import { HessianWriter } from "./hessian-writer";
import { type HessianValue, JavaMap } from "./java/java-values";

/**
 * The body of a Dubbo request frame, as DubboCodec.encodeRequestData writes it (2.7.23 and
 * 3.3 alike): the dubbo protocol version, the service, its version, the method, the JVM
 * descriptor of the parameter types, each argument, then the attachments, all with one
 * hessian2 writer.
 */
export interface RpcRequest {
  /** Dubbo's protocol version, {@link DUBBO_PROTOCOL_VERSION}. */
  readonly dubboVersion: string;
  /** The service path (the interface name, unless exported under another path). */
  readonly path: string;
  /** The service version; "0.0.0" when it has none (DubboInvoker's default). */
  readonly version: string;
  readonly method: string;
  /** Java type names (java-descriptor.ts), one per argument. */
  readonly parameterTypes: readonly string[];
  /** Hessian-ready values (java-values.ts; to-java.ts makes them from JSON), one per parameter type. */
  readonly args: readonly unknown[];
  /**
   * The invocation's attachments; {@link invocationAttachments} makes the ones a Java
   * consumer sends. `path` and `version` are added from the fields above when missing:
   * the provider finds the exporter by the attachments, not the body.
   */
  readonly attachments: Readonly<Record<string, string>>;
}

/**
 * The protocol version every Java consumer sends (Version.DEFAULT_DUBBO_PROTOCOL_VERSION in
 * 2.6-3.x); a provider answers it with result flags 3-5, i.e. with attachments.
 */
export const DUBBO_PROTOCOL_VERSION = "2.0.2";

/** Whom a call goes to, for the attachments a Java consumer sends with it. */
export interface InvocationTarget {
  /** The interface name. */
  readonly interfaceName: string;
  /** The provider URL's path; defaults to the interface name. */
  readonly path?: string;
  /** The service version; none (or "") means "0.0.0". */
  readonly version?: string;
  readonly group?: string;
  /** The provider's `token` parameter, when it has one: the provider refuses calls without it. */
  readonly token?: string;
  /** The call's timeout, which a 3.x consumer always sends (as the provider also times the call). */
  readonly timeoutMs: number;
}

/**
 * The attachments a Dubbo 3.x consumer's DubboInvoker sends, in the order it puts them:
 * the invoker's `interface`, `group` and `token` (AbstractInvoker), the caller's own
 * (which never replace those), then `path`, `version` and `timeout` (DubboInvoker.doInvoke).
 */
export function invocationAttachments(target: InvocationTarget, extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  const out: Record<string, string> = { interface: target.interfaceName };
  if (target.group) out.group = target.group;
  if (target.token) out.token = target.token;
  for (const [k, v] of Object.entries(extra)) if (!(k in out)) out[k] = v;
  out.path = target.path ?? target.interfaceName;
  out.version = target.version || "0.0.0";
  out.timeout = String(target.timeoutMs);
  return out;
}

/**
 * Encodes a request body. The service written is the `interface` attachment, else `path`
 * (DubboCodec, apache/dubbo#6138); the attachments are written as the HashMap a Java
 * consumer holds, in its iteration order. Throws ValidationError for a parameter type
 * that is not a Java type, CodecError for an argument that is not hessian-ready.
 */
export function encodeRequestBody(req: RpcRequest): Buffer {
  const w = new HessianWriter();
  w.write(req.dubboVersion);
  w.write(req.attachments.interface ?? req.path);
  w.write(req.version);
  w.write(req.method);
  w.write(descriptorOf(req.parameterTypes));
  for (const arg of req.args) w.write(arg as HessianValue);
  w.write(new JavaMap(null, attachmentEntries(req)));
  return w.bytes();
}

/** The entries of frozen attachments maps already ordered (an invoker sends the same map call after call). */
const orderedAttachments = new WeakMap<object, readonly (readonly [string, string])[]>();

/** The request's attachments, `path` and `version` added when missing, in the order a Java HashMap of them iterates. */
function attachmentEntries(req: RpcRequest): readonly (readonly [string, string])[] {
  const frozen = Object.isFrozen(req.attachments);
  if (frozen) {
    const known = orderedAttachments.get(req.attachments);
    // The request's path and version only count when the map lacks them; a kept order has them.
    if (known !== undefined) return known;
  }
  const attachments: Record<string, string> = { ...req.attachments };
  attachments.path ??= req.path;
  attachments.version ??= req.version;
  const entries = inJavaHashOrder(Object.entries(attachments));
  if (frozen && Object.hasOwn(req.attachments, "path") && Object.hasOwn(req.attachments, "version")) orderedAttachments.set(req.attachments, entries);
  return entries;
}
