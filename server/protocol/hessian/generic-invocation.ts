import { DUBBO_PROTOCOL_VERSION, type RpcRequest } from "./request-body";
import { parseParameterTypes, genericTypeName } from "./java/java-descriptor";
import { JavaList } from "./java/java-values";

/**
 * Generic invocation, as Java's GenericService does it (GenericImplFilter on the consumer,
 * GenericFilter on the provider): the method `$invoke(String method, String[] types,
 * Object[] args)` of the real service, with the attachment `generic=true`. The provider
 * finds the real method by name and types, turns the arguments into its parameter types
 * (PojoUtils.realize: maps into POJOs, names into enums, numbers into their types) and
 * returns the result generalized (POJOs as maps with "class"; read it with fromJava's
 * `generic` option). Used where a typed call cannot be made.
 */
export interface GenericCall {
  readonly path: string;
  readonly version: string;
  readonly method: string;
  /**
   * Java type names of the real method's parameters; null when they are not known: the
   * provider then finds the method by name alone, which works when it has one method of
   * that name (ReflectUtils.findMethodByMethodSignature with null types) on 2.7.23 and 3.3,
   * but not before (2.7.7's GenericFilter reads the types' length). The API never sends
   * null types with arguments (invoke-signature.ts asks for them); without arguments, an
   * empty String[] is sent.
   */
  readonly parameterTypes: readonly string[] | null;
  /** Hessian-ready arguments (to-java.ts), one per parameter type. */
  readonly args: readonly unknown[];
  /** The attachments of the call (invocationAttachments), to which `generic=true` is added. */
  readonly attachments: Readonly<Record<string, string>>;
}

/** The `$invoke` descriptor a provider accepts as generic (CommonConstants.GENERIC_PARAMETER_DESC). */
export const GENERIC_PARAMETER_TYPES = ["java.lang.String", "java.lang.String[]", "java.lang.Object[]"] as const;

/**
 * The request of a generic call. The type names sent are erased (ReflectUtils.name2class
 * reads no generics): `java.util.List`, `int[]`, `io.x.Outer$Inner`. The arguments travel
 * as hessian-lite writes a String[] (`[string`) and an Object[] (`[object`). Throws
 * ValidationError for a type that is not a Java type.
 */
export function genericRequest(call: GenericCall): RpcRequest {
  // Without arguments the types are known to be none: an empty String[], as a Java caller sends
  // (2.7.7's GenericFilter fails null types; 2.7.23 tolerates them).
  const named = call.parameterTypes ?? (call.args.length === 0 ? [] : null);
  const types = named === null ? null : new JavaList("[string", parseParameterTypes(named).map(genericTypeName));
  return {
    dubboVersion: DUBBO_PROTOCOL_VERSION,
    path: call.path,
    version: call.version,
    method: "$invoke",
    parameterTypes: GENERIC_PARAMETER_TYPES,
    args: [call.method, types, new JavaList("[object", call.args as JavaList["items"])],
    attachments: { ...call.attachments, generic: "true" },
  };
}
